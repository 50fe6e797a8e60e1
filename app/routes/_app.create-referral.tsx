import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { CREATE_PROFILE_INTENT, matchesBusinessQuery } from "~/components/connector-view";
import { ProfileSetupRequired } from "~/components/create-profile-form";
import { Icon } from "~/components/icon";
import { SearchBox } from "~/components/list-controls";
import { PageHeader } from "~/components/page-header";
import { type BusinessOption, ReferralForm } from "~/components/referral-form";
import { Button } from "~/components/ui/button";
import { TitledCard } from "~/components/ui/card";
import { type BusinessDto, getBusinessById, listBusinesses } from "~/domain/businesses/listing.server";
import { getConnectorOf } from "~/domain/parties/connectors.server";
import { createProfileAndReturn, submitReferralForm } from "~/http/referral-form.server";
import { readForm } from "~/utils/forms.server";
import { positiveIdOrNull } from "~/utils/misc";
import { pageMeta } from "~/utils/page-meta";
import { feeFields } from "~/utils/referral-fee";
import { requireRegularUser } from "~/utils/session.server";

export const meta: MetaFunction = () => pageMeta("Make Referral | Warm Intros");

/** The select lists at most this many businesses; a search narrows it on the server beyond that. */
const OPTIONS_LIMIT = 200;

function toOption(
  b: Pick<BusinessDto, "id" | "companyName" | "referralFee" | "sector" | "nature" | "feeKind" | "feePercentage">,
): BusinessOption {
  return {
    id: b.id,
    companyName: b.companyName,
    referralFee: b.referralFee,
    sector: b.sector,
    nature: b.nature,
    percent: b.feePercentage,
    flat: b.feeKind === "flat",
  };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireRegularUser(request, context);
  const db = context.db();
  const url = new URL(request.url);
  const q = url.searchParams.get("q")?.trim().slice(0, 100) ?? "";
  const preselected = positiveIdOrNull(url.searchParams.get("businessId"));
  const connector = await getConnectorOf(db, user);
  if (!connector) return { hasProfile: false as const, q, businessId: preselected, options: [] as BusinessOption[], total: 0 };

  const list = await listBusinesses(db, user, { q: q || undefined, limit: OPTIONS_LIMIT, offset: 0 });
  // Nobody refers to their own business (the model refuses it too); team seats are left to the model.
  const options = list.items.filter((b) => b.userId !== user.id).map(toOption);
  let businessId: number | null = null;
  if (preselected !== null) {
    if (options.some((o) => o.id === preselected)) businessId = preselected;
    else {
      // ?businessId= keeps its business even when the search (or the limit) left it out.
      const business = await getBusinessById(db, preselected);
      if (business && business.userId !== user.id) {
        options.unshift(
          toOption({
            ...business,
            ...feeFields({
              kind: business.feeKind,
              basisPoints: business.feeBasisPoints,
              amountMinor: business.feeAmountMinor,
              currency: business.feeCurrency,
            }),
          }),
        );
        businessId = business.id;
      }
    }
  }
  return { hasProfile: true as const, q, businessId, options, total: list.total };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireRegularUser(request, context);
  const formData = await readForm(request);
  if (formData.get("intent") === CREATE_PROFILE_INTENT) {
    const back = new URL(request.url).searchParams.get("businessId");
    return createProfileAndReturn(context, user, `/create-referral${positiveIdOrNull(back) ? `?businessId=${back}` : ""}`);
  }
  return submitReferralForm(formData, request, context, user);
}

function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

const STEPS = [
  { title: "Pick a business", text: "Choose who you are introducing someone to." },
  {
    title: "Introduce the person",
    text: "We email them to ask whether they want the introduction. Once they accept, the business sees their email and phone and gets in touch.",
  },
  { title: "Earn cashback", text: "When the referral completes, you earn your percentage of the revenue." },
];

export default function CreateReferral() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const location = useLocation();
  const hydrated = useHydrated();
  // Typing filters the loaded list at once; the server search (Enter, or without JavaScript) only
  // matters when the list had to be cut short or was already narrowed by ?q=. `typed` belongs to the
  // ?q= it was typed under, so a new server search starts a fresh filter.
  const [typed, setTyped] = useState({ q: data.q, text: "" });
  const filter = typed.q === data.q ? typed.text : "";
  const allLoaded = !data.q && data.total <= data.options.length;
  const clientOnly = hydrated && allLoaded;
  const visibleCount = data.options.filter((o) => o.id === data.businessId || matchesBusinessQuery(o, filter)).length;

  if (!data.hasProfile) {
    return (
      <section>
        <PageHeader title="Make Referral" description="Introduce someone to a business and earn cashback." />
        <ProfileSetupRequired
          before="make referrals"
          action={`/create-referral${data.businessId ? `?businessId=${data.businessId}` : ""}`}
        />
      </section>
    );
  }
  return (
    <section>
      <PageHeader title="Make Referral" description="Introduce someone to a business and earn cashback." />
      <div className="grid gap-6 lg:grid-cols-3">
        <TitledCard
          title="Referral details"
          description="We email the person you refer to confirm the introduction; the business sees their email and phone only once they accept."
          className="lg:col-span-2"
          contentClassName="grid gap-4"
        >
          <Form
            method="get"
            role="search"
            className="flex gap-2"
            onSubmit={(event) => {
              if (clientOnly) event.preventDefault();
            }}
          >
            {data.businessId ? <input type="hidden" name="businessId" value={data.businessId} /> : null}
            <SearchBox
              key={location.search}
              label="Search businesses"
              defaultValue={data.q}
              onChange={(event) => setTyped({ q: data.q, text: event.currentTarget.value })}
              placeholder="Search businesses"
            />
            {clientOnly ? null : (
              <Button type="submit" variant="outline">
                Search
              </Button>
            )}
          </Form>
          <p className="sr-only" aria-live="polite">
            {visibleCount} {visibleCount === 1 ? "business" : "businesses"} listed
          </p>
          {data.options.length === 0 ? (
            <p className="text-sm text-muted-foreground">No businesses found</p>
          ) : data.total > data.options.length ? (
            <p className="text-xs text-muted-foreground">
              Showing {data.options.length} of {data.total} businesses. Search to find others.
            </p>
          ) : null}
          <ReferralForm
            key={data.businessId ?? "none"}
            lastResult={actionData?.result}
            businesses={data.options}
            filter={filter}
            defaultBusinessId={data.businessId}
          />
        </TitledCard>
        <aside aria-labelledby="how-it-works" className="h-fit rounded-lg border bg-muted/40 p-5">
          <h2 id="how-it-works" className="flex items-center gap-2 text-sm font-semibold">
            <Icon name="user-round-plus" className="h-4 w-4" />
            How it works
          </h2>
          <ol className="mt-3 grid gap-3">
            {STEPS.map((s, i) => (
              <li key={s.title} className="flex gap-3 text-sm">
                <span className="flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground">
                  {i + 1}
                </span>
                <span>
                  <span className="font-medium">{s.title}</span>
                  <span className="block text-muted-foreground">{s.text}</span>
                </span>
              </li>
            ))}
          </ol>
        </aside>
      </div>
    </section>
  );
}
