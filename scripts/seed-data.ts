import type { Currency, ReferralStatus } from "../db/schema";

/** The demo accounts listed in the README. */
export const DEMO_ACCOUNTS = {
  admin: { username: "admin", password: "Admin1234" },
  business: { username: "acme", password: "Business1234" },
  connector: { username: "jane", password: "Connector1234" },
} as const;

export type SeedUser = {
  username: string;
  password: string;
  name: string;
  email: string;
  phone: string;
  accountType: "individual" | "business";
  isAdmin?: boolean;
};

export const PEOPLE: SeedUser[] = [
  {
    username: "admin",
    password: "Admin1234",
    name: "Platform Admin",
    email: "admin@warmintros.example",
    phone: "+65 6000 0000",
    accountType: "individual",
    isAdmin: true,
  },
  {
    username: "acme",
    password: "Business1234",
    name: "Acme Holdings",
    email: "owner@acme.example",
    phone: "+65 6123 4567",
    accountType: "business",
  },
  {
    username: "jane",
    password: "Connector1234",
    name: "Jane Tan",
    email: "jane.tan@example.com",
    phone: "+65 9123 4567",
    accountType: "individual",
  },
  {
    username: "raj",
    password: "Connector1234",
    name: "Raj Kumar",
    email: "raj.kumar@example.com",
    phone: "+65 9234 5678",
    accountType: "individual",
  },
  {
    username: "mei",
    password: "Connector1234",
    name: "Mei Ling Wong",
    email: "meiling@example.com",
    phone: "+65 9345 6789",
    accountType: "individual",
  },
  {
    username: "oliver",
    password: "Connector1234",
    name: "Oliver Smith",
    email: "oliver.smith@example.co.uk",
    phone: "+44 7700 900123",
    accountType: "individual",
  },
  {
    username: "brightpath",
    password: "Business1234",
    name: "BrightPath Consulting",
    email: "hello@brightpath.example",
    phone: "+65 6234 5678",
    accountType: "business",
  },
  {
    username: "harbourlegal",
    password: "Business1234",
    name: "Harbour Legal LLP",
    email: "contact@harbourlegal.example",
    phone: "+65 6345 6789",
    accountType: "business",
  },
  {
    username: "greenleaf",
    password: "Business1234",
    name: "GreenLeaf Solar",
    email: "sales@greenleaf.example",
    phone: "+61 2 9876 5432",
    accountType: "business",
  },
  {
    username: "pixelforge",
    password: "Business1234",
    name: "PixelForge Studio",
    email: "studio@pixelforge.example",
    phone: "+852 2345 6789",
    accountType: "business",
  },
  {
    username: "kl_wellness",
    password: "Business1234",
    name: "KL Wellness Clinic",
    email: "care@klwellness.example",
    phone: "+60 3 2345 6789",
    accountType: "business",
  },
  {
    username: "sam_lee",
    password: "Member1234",
    name: "Sam Lee",
    email: "sam.lee@acme.example",
    phone: "+65 9456 7890",
    accountType: "individual",
  },
];

export const BUSINESSES = [
  {
    owner: "acme",
    companyName: "Acme Corporation",
    sector: "Technology",
    nature: "B2B software and IT services",
    uen: "201912345K",
    address: "1 Raffles Place, #20-01, Singapore 048616",
    website: "https://acme.example",
    referralFee: "10%",
    referralTerms: "10% of the first-year contract value, paid within 30 days of the client's first invoice.",
    contactPerson: "Alice Lim",
    contactPhone: "+65 6123 4567",
    contactEmail: "partners@acme.example",
    description: "Acme builds inventory and invoicing software for growing SMEs across Southeast Asia.",
  },
  {
    owner: "brightpath",
    companyName: "BrightPath Consulting",
    sector: "Professional Services",
    nature: "Management consulting",
    uen: "201823456M",
    address: "80 Robinson Road, #10-01, Singapore 068898",
    website: "https://brightpath.example",
    referralFee: "$500",
    referralTerms: "A flat SGD 500 for every referred client who signs an engagement of at least three months.",
    contactPerson: "Daniel Goh",
    contactPhone: "+65 6234 5678",
    contactEmail: "referrals@brightpath.example",
    description: "Strategy and operations consulting for family businesses preparing to scale or sell.",
  },
  {
    owner: "harbourlegal",
    companyName: "Harbour Legal LLP",
    sector: "Legal",
    nature: "Corporate and commercial law",
    uen: "T19LL1234A",
    address: "10 Collyer Quay, #15-02, Singapore 049315",
    website: "https://harbourlegal.example",
    referralFee: "7.5%",
    referralTerms: "7.5% of professional fees billed in the first twelve months for each introduced client.",
    contactPerson: "Priya Nair",
    contactPhone: "+65 6345 6789",
    contactEmail: "bd@harbourlegal.example",
    description: "Corporate, employment and dispute resolution advice for startups and mid-sized firms.",
  },
  {
    owner: "greenleaf",
    companyName: "GreenLeaf Solar",
    sector: "Energy",
    nature: "Commercial solar installation",
    uen: "202045678N",
    address: "12 George Street, Sydney NSW 2000, Australia",
    website: "https://greenleaf.example",
    referralFee: "5%",
    referralTerms: "5% of the installed system value once the installation is commissioned and paid.",
    contactPerson: "Liam Walker",
    contactPhone: "+61 2 9876 5432",
    contactEmail: "partners@greenleaf.example",
    description: "Design and installation of rooftop solar for warehouses, offices and farms.",
  },
  {
    owner: "pixelforge",
    companyName: "PixelForge Studio",
    sector: "Marketing",
    nature: "Branding and web design",
    uen: "202156789P",
    address: "88 Queensway, Admiralty, Hong Kong",
    website: "https://pixelforge.example",
    referralFee: "12%",
    referralTerms: "12% of the first project invoice for every new client who completes a paid project.",
    contactPerson: "Chloe Chan",
    contactPhone: "+852 2345 6789",
    contactEmail: "hello@pixelforge.example",
    description: "Brand identities, websites and campaigns for consumer brands in Asia.",
  },
  {
    owner: "kl_wellness",
    companyName: "KL Wellness Clinic",
    sector: "Healthcare",
    nature: "Corporate health screening",
    uen: "202267890Q",
    address: "Jalan Ampang 150, 50450 Kuala Lumpur, Malaysia",
    website: "https://klwellness.example",
    referralFee: "8%",
    referralTerms: "8% of the screening package value for corporate clients with at least 20 employees.",
    contactPerson: "Dr. Aisyah Rahman",
    contactPhone: "+60 3 2345 6789",
    contactEmail: "corporate@klwellness.example",
    description: "Health screening and wellness programmes for companies in the Klang Valley.",
  },
];

export const CONNECTOR_USERS = ["jane", "raj", "mei", "oliver"];
export const REFERRED = [
  ["Marcus Teo", "marcus.teo@example.com", "+65 8111 2233"],
  ["Siti Aminah", "siti.aminah@example.com", "+65 8222 3344"],
  ["Kenji Sato", "kenji.sato@example.jp", "+81 90 1234 5678"],
  ["Emily Clarke", "emily.clarke@example.co.uk", "+44 7700 900456"],
  ["Wei Jie Lim", "weijie.lim@example.com", "+65 8333 4455"],
  ["Arjun Mehta", "arjun.mehta@example.in", "+91 98765 43210"],
  ["Sofia Rossi", "sofia.rossi@example.it", "+39 312 345 6789"],
  ["Nurul Huda", "nurul.huda@example.my", "+60 12 345 6789"],
  ["Jack Thompson", "jack.thompson@example.com.au", "+61 412 345 678"],
  ["Grace Ho", "grace.ho@example.hk", "+852 9123 4567"],
  ["David Ng", "david.ng@example.com", "+65 8444 5566"],
  ["Hannah Park", "hannah.park@example.kr", "+82 10 1234 5678"],
];
export const STATUSES: ReferralStatus[] = ["pending", "approved", "completed", "rejected"];
export const CURRENCY_OF: Record<string, Currency> = { greenleaf: "AUD", pixelforge: "HKD", kl_wellness: "MYR" };

export const DAY = 24 * 60 * 60 * 1000;
