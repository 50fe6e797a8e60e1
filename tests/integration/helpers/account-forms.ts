import type { Client } from "./marketplace";

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
