import { createClient } from "@libsql/client";
import { expect, it } from "vitest";
import { migrationFiles, runMigrationFiles } from "../tests/unit-helpers/migrations";

// Decision 179: every connector has a random, unique personal-link code, whoever inserts the row.
it("gives every connector a random 32-hex-digit link code on insert, also by raw SQL, and refuses a repeated code", async () => {
  const client = createClient({ url: ":memory:" });
  try {
    await runMigrationFiles(client, migrationFiles());
    const now = Date.now();
    for (const [id, name] of [
      [1, "Ann"],
      [2, "Bo"],
    ] as const) {
      await client.execute({
        sql: "insert into users (id, username, password_hash, name, email, phone, account_type, is_admin, created_at, updated_at) values (?, ?, 'x', ?, ?, '+65 9000 0000', 'individual', 0, ?, ?)",
        args: [id, `user${id}`, name, `${name}@example.com`, now, now],
      });
      await client.execute({
        sql: "insert into connectors (user_id, name, created_at, updated_at) values (?, ?, ?, ?)",
        args: [id, name, now, now],
      });
    }
    const { rows } = await client.execute("select link_code from connectors order by id");
    const codes = rows.map((r) => String(r.link_code));
    expect(codes).toHaveLength(2);
    for (const code of codes) expect(code).toMatch(/^[0-9a-f]{32}$/);
    expect(codes[0]).not.toBe(codes[1]);
    await expect(
      client.execute({ sql: "update connectors set link_code = ? where id = 2", args: [codes[0] ?? ""] }),
    ).rejects.toThrow(/UNIQUE/);
  } finally {
    client.close();
  }
});
