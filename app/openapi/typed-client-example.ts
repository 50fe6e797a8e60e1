/**
 * The typed-client example shown on /api/docs ("Typed client (TypeScript)"), kept here as text so
 * the page shows exactly what the tests compile against the generated types
 * (typed-client-example.test.ts) and run against the Worker (integration/typed-client.test.ts):
 * the documentation cannot drift from the API (issue 19, decision 081).
 */

/** The openapi-fetch release line the example is checked with (the dev dependency's minor version). */
export const OPENAPI_FETCH_RANGE = "^0.17";

/** Where the generated types are served, and the name they download as. */
export const API_TYPES_PATH = "/api/openapi.d.ts";
export const API_TYPES_FILENAME = "warm-intros-api.d.ts";
/**
 * The static asset the build copies the generated types to (scripts/build-openapi.ts): beside
 * the Worker, not inside it. `.txt` so a direct request gets text, not the `.ts` video type.
 */
export const API_TYPES_ASSET_PATH = "/api-types/warm-intros-api.d.ts.txt";

/** The shell lines that set a project up for the example. */
export function typedClientInstall(origin: string): string {
  return [`npm install openapi-fetch@${OPENAPI_FETCH_RANGE}`, `curl -o ${API_TYPES_FILENAME} ${origin}${API_TYPES_PATH}`].join(
    "\n",
  );
}

/**
 * The example: a client with a personal API key creates a referral (as the curl example does),
 * handles an error answer, and lists the caller's pending referrals with query parameters.
 */
export function typedClientExample(origin: string): string {
  return `import createClient from "openapi-fetch";
import type { paths } from "./warm-intros-api"; // ${API_TYPES_FILENAME}, downloaded above

const api = createClient<paths>({
  baseUrl: "${origin}",
  headers: { Authorization: \`Bearer \${process.env.WARM_INTROS_API_KEY}\` },
});

// Refer Ann Lee to business 1 as yourself. Keep the Idempotency-Key to retry safely.
const created = await api.POST("/api/referrals", {
  headers: { "Idempotency-Key": crypto.randomUUID() },
  body: {
    businessId: 1,
    referredPersonName: "Ann Lee",
    referredPersonEmail: "ann@example.com",
    referredPersonPhone: "+65 9000 1234",
    cashbackPercentage: 10,
  },
});
if (created.error) {
  // Every error is { message, errors? }: errors has the messages for each field at fault.
  const { message, errors } = created.error;
  throw new Error(\`\${created.response.status} \${message} \${JSON.stringify(errors ?? {})}\`);
}
const referral = created.data; // a Referral: id, status "pending", connectorId, ...

// Your pending referrals, 50 at a time (X-Total-Count has how many there are).
const { data: pending, error, response } = await api.GET("/api/referrals/connector/{id}", {
  params: { path: { id: referral.connectorId }, query: { status: "pending", limit: 50 } },
});
if (error) throw new Error(\`\${response.status} \${error.message}\`);
console.log(response.headers.get("X-Total-Count"), pending.map((r) => \`#\${r.id} \${r.referredPersonName}\`));`;
}
