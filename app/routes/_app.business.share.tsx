import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { feeWithPercent, mailtoHref, referralEmailTemplate } from "~/components/business-format";
import { CopyButton } from "~/components/copy-button";
import { Icon } from "~/components/icon";
import type { IconName } from "~/components/icons/icon-names";
import { NoBusinessPage } from "~/components/no-business";
import { PageHeader } from "~/components/page-header";
import { buttonClass } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle, TitledCard } from "~/components/ui/card";
import { inputClass } from "~/components/ui/input-class";
import { ScrollRegion } from "~/components/ui/scroll-region";
import { CONSENT_WINDOW_DAYS } from "~/domain/referrals/creation.server";
import { requireWorkplace } from "~/http/workplace-screen.server";
import { cn } from "~/utils/misc";
import { pageMeta } from "~/utils/page-meta";
import { qrCodePath } from "~/utils/qr.server";

export const meta: MetaFunction = () => pageMeta("Share Referral Link | Warm Intros");

const QR_QUIET_ZONE = 4;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { workplace } = await requireWorkplace(request, context);
  if (!workplace) return { business: null };
  const { business } = workplace;
  const link = `${new URL(request.url).origin}/refer/${business.id}`;
  const template = referralEmailTemplate({
    companyName: business.companyName,
    link,
    referralFee: business.referralFee,
    contactPerson: business.contactPerson,
  });
  return {
    business: { id: business.id, companyName: business.companyName, fee: feeWithPercent(business.referralFee) },
    link,
    qr: qrCodePath(link),
    template,
    consentDays: CONSENT_WINDOW_DAYS,
  };
}

function QrCode({ size, path, label }: { size: number; path: string; label: string }) {
  const box = size + QR_QUIET_ZONE * 2;
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`${-QR_QUIET_ZONE} ${-QR_QUIET_ZONE} ${box} ${box}`}
      className="h-48 w-48 rounded-md bg-white sm:h-56 sm:w-56"
      shapeRendering="crispEdges"
      data-testid="referral-qr"
    >
      <rect x={-QR_QUIET_ZONE} y={-QR_QUIET_ZONE} width={box} height={box} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}

function qrDownloadHref(size: number, path: string) {
  const box = size + QR_QUIET_ZONE * 2;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${-QR_QUIET_ZONE} ${-QR_QUIET_ZONE} ${box} ${box}" width="${box * 10}" height="${box * 10}" shape-rendering="crispEdges"><rect x="${-QR_QUIET_ZONE}" y="${-QR_QUIET_ZONE}" width="${box}" height="${box}" fill="#fff"/><path d="${path}" fill="#000"/></svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** What happens after a share, as it really goes: the person referred confirms by email first (decision 055). */
const howItWorks = (consentDays: number) => [
  "Share your link or QR code with customers, partners and your network.",
  "A connector opens the link, logs in or signs up, and refers someone who needs your services.",
  "You are notified, and the referral arrives in Incoming Referrals with the connector's contact details. The person referred gets an email asking them to confirm the introduction.",
  `Once they accept, their email and phone appear on the referral and you get in touch. If they decline, or do not answer within ${consentDays} days, their details are erased.`,
  "You record its progress and revenue under Update Referral; the connector is notified at each step.",
  "When the deal is completed, the connector earns the referral fee you offer.",
];

/** A copy button and a link beside it (two columns on a phone, a row on wider screens). */
function CopyWithLink({
  text,
  copy,
  link,
}: {
  text: string;
  copy: { label: string; done: string };
  link: { href: string; icon: IconName; label: string; newTab?: boolean };
}) {
  return (
    <div className="grid grid-cols-2 gap-2 sm:flex">
      <CopyButton text={text} label={copy.label} successTitle={copy.done} />
      <a
        href={link.href}
        target={link.newTab ? "_blank" : undefined}
        rel={link.newTab ? "noopener noreferrer" : undefined}
        className={buttonClass("outline")}
      >
        <Icon name={link.icon} className="h-4 w-4 shrink-0" />
        {link.label}
      </a>
    </div>
  );
}

export default function ShareReferralLink() {
  const data = useLoaderData<typeof loader>();
  const header = <PageHeader title="Share Referral Link" description="Invite connectors to refer customers to your business." />;
  if (!data.business) {
    return <NoBusinessPage header={header} />;
  }
  const { business, link, qr, template, consentDays } = data;
  return (
    <section className="grid grid-cols-1 gap-6">
      {header}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_auto] lg:items-start">
        <Card className="min-w-0">
          <CardHeader>
            <CardTitle>Your Referral Link</CardTitle>
            <CardDescription>
              Anyone with this link can refer people to {business.companyName} and earn {business.fee}.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid grid-cols-1 gap-3">
            <label htmlFor="referral-link" className="sr-only">
              Referral link
            </label>
            <input
              id="referral-link"
              readOnly
              value={link}
              onFocus={(e) => e.currentTarget.select()}
              className={cn(inputClass, "font-mono text-xs sm:text-sm")}
            />
            <CopyWithLink
              text={link}
              copy={{ label: "Copy Link", done: "Link copied!" }}
              link={{ href: link, icon: "external-link", label: "Open Link", newTab: true }}
            />
          </CardContent>
        </Card>
        <TitledCard
          title="QR Code"
          description="For flyers, counters and slides."
          contentClassName="flex flex-col items-center gap-3"
        >
          <QrCode size={qr.size} path={qr.path} label={`QR code for ${link}`} />
          <a
            href={qrDownloadHref(qr.size, qr.path)}
            download={`referral-qr-${business.id}.svg`}
            className={buttonClass("outline", "sm")}
          >
            <Icon name="download" className="h-4 w-4 shrink-0" />
            Download QR Code
          </a>
        </TitledCard>
      </div>

      <TitledCard
        title="Email Template"
        description="Send it to people who could refer customers to you."
        contentClassName="grid grid-cols-1 gap-3"
      >
        {/* A focusable region: the template scrolls when it is taller than the box, and a keyboard scrolls it too. */}
        <ScrollRegion label="Email template" className="max-h-96 overflow-y-auto rounded-md border bg-muted/40">
          <pre className="whitespace-pre-wrap break-words p-4 font-sans text-sm" data-testid="email-template">
            {template.text}
          </pre>
        </ScrollRegion>
        <CopyWithLink
          text={template.text}
          copy={{ label: "Copy Template", done: "Template copied!" }}
          link={{ href: mailtoHref(template), icon: "mail", label: "Send by Email" }}
        />
      </TitledCard>

      <Card>
        <CardHeader>
          <CardTitle>How It Works</CardTitle>
        </CardHeader>
        <CardContent>
          <ol className="grid grid-cols-1 gap-3">
            {howItWorks(consentDays).map((step, i) => (
              <li key={step} className="flex gap-3 text-sm">
                <span className="flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground">
                  {i + 1}
                </span>
                <span className="pt-0.5">{step}</span>
              </li>
            ))}
          </ol>
        </CardContent>
      </Card>
    </section>
  );
}
