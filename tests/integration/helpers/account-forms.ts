import { expect } from "vitest";
import { client, type Person, type TestApp } from "./app";
import { tableCounts } from "./fixtures";
import type { Client } from "./marketplace";
import { pageText } from "./responses";

/** The spec's message for each sign-up field's own rule: the API's `errors` and the form's text alike. */
export const SIGNUP_FIELD_MESSAGES = {
  username: ["Username must be at least 3 characters"],
  password: ["Password must be at least 6 characters"],
  name: ["Name must be at least 2 characters"],
  email: ["Invalid email address"],
  phone: ["Phone number required"],
};

/** Posts the /login screen's Sign Up tab, as a browser without JavaScript would. */
export const signupForm = (c: Client, fields: Record<string, unknown>) =>
  c.form("/login", { intent: "signup", ...fields } as Record<string, string>);

/** Posts the /settings password form; the confirmation repeats the new password unless given. */
export const passwordForm = (c: Client, currentPassword: string, password: string, confirmPassword = password) =>
  c.form("/settings", { intent: "password", currentPassword, password, confirmPassword });

/** The Sign Up tab refuses these fields: 400, `message` on the page, and nothing written. */
export async function expectSignupFormRefused(app: TestApp, fields: Record<string, unknown>, message: string) {
  const before = await tableCounts(app);
  const res = await signupForm(client(app), fields);
  expect(res.status).toBe(400);
  expect(await pageText(res)).toContain(message);
  expect(await tableCounts(app)).toEqual(before);
}

/** PATCH /api/users/{id}: `person` moves to `email` (with their password), keeping the name and phone they signed up with. */
export const changeEmail = (person: Person, email: string) =>
  person.client.patch(`/api/users/${person.user.id}`, {
    name: person.payload.name,
    email,
    phone: person.payload.phone,
    currentPassword: person.payload.password,
  });
