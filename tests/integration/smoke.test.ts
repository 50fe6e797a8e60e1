import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, newUser, startApp, type TestApp } from "./helpers/app";

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(() => app?.dispose());

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
