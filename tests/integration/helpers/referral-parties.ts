import type { Person, TestApp } from "./app";
import { newAdmin } from "./fixtures";
import { type Connector, newBusiness, newConnector } from "./parties";

/** The parties of referrals-api.*.test.ts: two businesses, two connectors and a platform admin. */
export async function referralParties(app: TestApp) {
  const business = await newBusiness(app, { companyName: "Referral Target Pte Ltd" });
  const otherBusiness = await newBusiness(app, { companyName: "Other Target Pte Ltd" });
  const { connector, secondConnector } = await connectorPair(app);
  const admin: Person = await newAdmin(app);
  return { business, otherBusiness, connector, secondConnector, admin };
}

/**
 * A connector makes at most 20 referrals an hour (decision 047) and these files make more than that
 * as "the" connector: each part of them starts with connectors of its own.
 */
export async function connectorPair(app: TestApp): Promise<{ connector: Connector; secondConnector: Connector }> {
  const connector = await newConnector(app, { name: "First Connector" });
  const secondConnector = await newConnector(app, { name: "Second Connector" });
  return { connector, secondConnector };
}
