import type { SignupInput } from "../../app/validation/auth";
import type { PublicBusinessRegistrationInput } from "../../app/validation/business";

/** Acme, the business of the unit tests: every field of the business form, valid. */
export const ACME = {
  companyName: "Acme Pte Ltd",
  description: "We make very good anvils for cartoon coyotes.",
  sector: "Manufacturing",
  nature: "Anvils and rockets",
  uen: "201912345A",
  address: "1 Raffles Place, Singapore 048616",
  website: "https://acme.example.com",
  referralFee: "5%",
  referralTerms: "Paid within 30 days of the first invoice.",
  contactPerson: "Wile E. Coyote",
  contactPhone: "+65 6123 4567",
  contactEmail: "sales@acme.example.com",
  accountType: "company" as "company" | "freelancer",
};

/** Acme's owner registering Acme from the public form: a valid registration. */
export const ACME_REGISTRATION: PublicBusinessRegistrationInput = {
  username: "acme_sales",
  password: "Kettle-Harbor-29",
  name: "Acme Owner",
  email: "owner@acme.example.com",
  phone: "+65 9123 4567",
  ...ACME,
};

/** Alice, the person of the account tests: a valid signup. */
export const ALICE: SignupInput = {
  username: "Alice",
  password: "warm-secret-1",
  name: "Alice Tan",
  email: "alice@example.com",
  phone: "+65 9123 4567",
  accountType: "individual",
};
