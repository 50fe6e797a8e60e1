import { Link } from "@remix-run/react";
import { Icon } from "~/components/icon";
import { buttonClass } from "~/components/ui/button";

export const BUSINESS_NOT_FOUND = "Business profile not found. Please register your business first.";

/** What the business screens show to someone who neither owns a business nor belongs to a team. */
export function NoBusiness() {
  return (
    <div
      role="status"
      className="flex flex-col items-center gap-4 rounded-lg border border-dashed p-8 text-center sm:p-10"
      data-testid="no-business"
    >
      <Icon name="building-2" className="h-10 w-10 text-muted-foreground" />
      <p className="max-w-sm text-sm text-muted-foreground">{BUSINESS_NOT_FOUND}</p>
      <Link to="/business/register" className={buttonClass()}>
        Register Your Business
      </Link>
    </div>
  );
}

/** A business screen for someone without a business: the screen's header, then NoBusiness. */
export function NoBusinessPage({ header }: { header: React.ReactNode }) {
  return (
    <section>
      {header}
      <NoBusiness />
    </section>
  );
}

/** "Owner", "Team admin" or "Team member": who the user is at the business they are looking at. */
export function RoleNote({ role, companyName }: { role: "owner" | "admin" | "member"; companyName: string }) {
  if (role === "owner") return null;
  return (
    <p className="mb-4 rounded-md border bg-muted/40 px-3 py-2 text-sm text-muted-foreground">
      You are a team {role === "admin" ? "admin" : "member"} of <span className="font-medium text-foreground">{companyName}</span>
      .
    </p>
  );
}

/**
 * The top of a business screen: its header, then who the user is at the business (nothing for the
 * owner), then whatever the screen says before its content (`children`).
 */
export function WorkplaceHeader({
  header,
  role,
  companyName,
  children,
}: {
  header: React.ReactNode;
  role: "owner" | "admin" | "member";
  companyName: string;
  children?: React.ReactNode;
}) {
  return (
    <div>
      {header}
      <RoleNote role={role} companyName={companyName} />
      {children}
    </div>
  );
}

/** A business screen only its owner and team admins use, seen by a plain member: the header, who they are, why not. */
export function ManagersOnlyPage({
  header,
  role,
  companyName,
  testId,
  children,
  after,
}: {
  header: React.ReactNode;
  role: "owner" | "admin" | "member";
  companyName: string;
  testId: string;
  children: React.ReactNode;
  /** What the screen still shows them below the note. */
  after?: React.ReactNode;
}) {
  return (
    <section className="grid min-w-0 gap-4">
      <WorkplaceHeader header={header} role={role} companyName={companyName} />
      <div role="note" className="rounded-lg border border-dashed p-6 text-sm text-muted-foreground sm:p-8" data-testid={testId}>
        {children}
      </div>
      {after}
    </section>
  );
}
