import { describe, expect, test } from "vitest";
import { appPerFile, client } from "./helpers/app";
import { newBusiness, newConnector } from "./helpers/parties";

// Every page says what it is to a search engine or a link preview (issue 37, item 8): a title and one
// meta description. A route's own meta replaces the root's in Remix, so each page must carry its own.

const app = appPerFile();

const DESCRIPTIONS = {
  "/login": "Log in to Warm Intros, or sign up as an individual or a company to refer customers and earn cashback.",
  "/": "Your Warm Intros dashboard: your referrals, what they earned, and what needs your attention.",
  "/businesses": "Browse the businesses on Warm Intros: what each does, its referral fee, and who to refer to it.",
};

async function descriptionsOf(response: Response) {
  expect(response.status).toBe(200);
  const html = await response.text();
  return [...html.matchAll(/<meta name="description" content="([^"]*)"/g)].map((m) => m[1]);
}

describe("meta descriptions", () => {
  test("/login, / and /businesses describe themselves", async () => {
    expect(await descriptionsOf(await client(app).get("/login"))).toEqual([DESCRIPTIONS["/login"]]);
    const connector = await newConnector(app);
    expect(await descriptionsOf(await connector.client.get("/"))).toEqual([DESCRIPTIONS["/"]]);
    expect(await descriptionsOf(await connector.client.get("/businesses"))).toEqual([DESCRIPTIONS["/businesses"]]);
  });

  test("every other page has exactly one description", async () => {
    const anonymous = client(app);
    for (const path of ["/forgot-password", "/register-business"]) {
      expect(await descriptionsOf(await anonymous.get(path)), path).toHaveLength(1);
    }
    const connector = await newConnector(app);
    for (const path of ["/my-referrals", "/create-referral", "/earnings", "/notifications", "/settings", "/settings/api-keys"]) {
      const found = await descriptionsOf(await connector.client.get(path));
      expect(found, path).toHaveLength(1);
      expect(found[0], path).not.toBe("");
    }
    const owner = await newBusiness(app);
    for (const path of [
      "/business/referrals",
      "/business/update",
      "/business/team",
      "/business/share",
      "/business/profile",
      "/business/payouts",
      "/business/api",
    ]) {
      expect(await descriptionsOf(await owner.client.get(path)), path).toHaveLength(1);
    }
  });
});
