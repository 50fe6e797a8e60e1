// The screens' form schemas for their actions. Server only: a route module that imported a schema
// module directly would keep zod in that screen's browser bundle even when only its action used it
// (esbuild keeps the import of a shared chunk). Browsers load the same schemas on a form's first
// focus instead (app/utils/use-lazy-validation.ts).
export { parseWithZod } from "@conform-to/zod/v4";
export { LoginSchema, SignupSchema } from "./auth";
export { PublicBusinessRegistrationSchema, upperCaseUen } from "./business";
export { API_KEY_INTENTS, ApiScreenFormSchema, WebhookFormSchema } from "./integration-forms";
export { UpdateProgressSchema } from "./referral";
export { TeamMemberSchema } from "./team";
export { ChangePasswordSchema, ChangeUsernameSchema, PhotoSchema, ProfileSchema } from "./user";
