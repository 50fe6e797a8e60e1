import { describe, expect, it } from "vitest";
import { appPerFile, client, newUser } from "./helpers/app";

const app = appPerFile();

describe("smoke", () => {
  it("signs up and reads the user back", async () => {
    const c = client(app);
    const res = await c.post("/api/auth/signup", newUser({ name: "Smoke Test" }));
    expect(res.status).toBe(201);
    const me = await c.get("/api/auth/me");
    expect(me.status).toBe(200);
    expect(((await me.json()) as { name: string }).name).toBe("Smoke Test");
  });
});
