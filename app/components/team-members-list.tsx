import { ConfirmForm } from "~/components/confirm-form";
import { Icon } from "~/components/icon";
import { PostButton } from "~/components/post-button";
import { EmptyState } from "~/components/ui/empty-state";
import type { toTeamMemberDto } from "~/domain/teams/members.server";
import { formatDate } from "~/utils/dates";
import { cn } from "~/utils/misc";
import { useTimeZone } from "~/utils/time-zone";

/** A seat as /business/team lists it (the model's DTO, as JSON). */
export type TeamMember = ReturnType<typeof toTeamMemberDto>;

/**
 * Remove Member (or, for a seat not yet taken, Revoke Invitation: the same action): a plain form
 * without JavaScript, a confirmation dialog with it (ConfirmForm).
 */
function RemoveMemberButton({ member }: { member: TeamMember }) {
  const pending = member.status !== "active";
  const label = pending ? "Revoke Invitation" : "Remove Member";
  return (
    <ConfirmForm
      action="/business/team"
      fields={{ intent: "remove", memberId: member.id }}
      label={label}
      ariaLabel={`${label} ${member.name}`}
      icon={<Icon name={pending ? "x" : "trash-2"} className="h-4 w-4" />}
      title={pending ? `Revoke the invitation of ${member.name}?` : `Remove ${member.name}?`}
      description={
        pending
          ? `The link sent to ${member.email} will stop working. You can invite them again later.`
          : `${member.email} will no longer see this business's referrals. You can add them again later.`
      }
      confirmLabel={label}
    />
  );
}

/** Resend Invitation: a plain form (no confirmation: it only sends a new link and voids the old one). */
function ResendButton({ member }: { member: TeamMember }) {
  return (
    <PostButton
      action="/business/team"
      fields={{ intent: "resend", memberId: member.id }}
      label="Resend Invitation"
      busyLabel="Sending..."
      ariaLabel={`Resend Invitation ${member.name}`}
      icon={<Icon name="send" className="h-4 w-4" />}
    />
  );
}

/** Whether the seat is taken: "Invitation pending" (with when it lapses) until someone accepts. */
function MemberStatus({ member: m }: { member: TeamMember }) {
  const tz = useTimeZone();
  if (m.status === "active") {
    return <p className="text-xs text-muted-foreground">Active · added {formatDate(m.createdAt, tz)}</p>;
  }
  const lapses = m.invitationExpiresAt ? formatDate(m.invitationExpiresAt, tz) : null;
  return (
    <p className="flex flex-wrap items-center gap-x-1.5 text-xs">
      {m.status === "invited" ? (
        <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 font-medium text-amber-900 dark:bg-amber-900/40 dark:text-amber-100">
          <Icon name="mail" className="h-3 w-3" />
          Invitation pending
        </span>
      ) : (
        <span className="inline-flex items-center gap-1 rounded-full bg-destructive/10 px-2 py-0.5 font-medium text-destructive">
          <Icon name="clock" className="h-3 w-3" />
          Invitation expired
        </span>
      )}
      <span className="text-muted-foreground">
        {m.status === "invited" ? (lapses ? `Expires ${lapses}` : null) : lapses ? `Lapsed ${lapses}` : null} · invited{" "}
        {formatDate(m.createdAt, tz)}
      </span>
    </p>
  );
}

function RoleBadge({ kind }: { kind: "owner" | "admin" | "member" }) {
  const icon = kind === "owner" ? "crown" : kind === "admin" ? "shield-check" : "user";
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium",
        kind === "member" ? "bg-secondary text-secondary-foreground" : "bg-primary/10 text-primary",
      )}
    >
      <Icon name={icon} className="h-3 w-3" />
      {kind === "owner" ? "Owner" : kind === "admin" ? "Admin" : "Member"}
    </span>
  );
}

/**
 * The Team Members tab of /business/team: the owner first, then every seat with its role and state,
 * and, for those who manage the team, Resend Invitation and Remove Member (or Revoke Invitation).
 */
export function TeamMembersList({
  members,
  owner,
  role,
  canManage,
  removeError,
}: {
  members: TeamMember[];
  /** The business's owner, listed first. */
  owner: { name: string; email: string | null } | null;
  /** The viewer's role at the business. */
  role: "owner" | "admin" | "member";
  canManage: boolean;
  removeError?: { memberId?: number; message?: string };
}) {
  return (
    <ul className="grid grid-cols-1 gap-2" aria-label="Team Members">
      {owner ? (
        <li className="flex flex-wrap items-center gap-3 rounded-lg border bg-card p-3 sm:p-4">
          <div className="min-w-0 flex-1">
            <p className="flex flex-wrap items-center gap-2 font-medium">
              <span className="truncate">{owner.name}</span>
              <RoleBadge kind="owner" />
            </p>
            {owner.email ? <p className="truncate text-sm text-muted-foreground">{owner.email}</p> : null}
          </div>
        </li>
      ) : null}
      {members.map((m) => {
        // A pending invitation grants nothing yet, so a team admin may revoke any (decision 045).
        const removable = canManage && (role === "owner" || m.role === "member" || m.status !== "active");
        return (
          <li
            key={m.id}
            className="flex flex-wrap items-center gap-3 rounded-lg border bg-card p-3 sm:p-4"
            data-testid="team-member"
          >
            <div className="min-w-0 flex-1 basis-48">
              <p className="flex flex-wrap items-center gap-2 font-medium">
                <span className="truncate">{m.name}</span>
                <RoleBadge kind={m.role} />
              </p>
              <p className="truncate text-sm text-muted-foreground">{m.email}</p>
              {m.status === "active" && (m.invitedEmail.toLowerCase() !== m.email.toLowerCase() || m.invitedName !== m.name) ? (
                // A forwarded invitation: who holds the seat is above; whom it was sent to, here (decision 113).
                <p className="truncate text-sm text-muted-foreground">{`Invited as ${m.invitedName} (${m.invitedEmail})`}</p>
              ) : null}
              <MemberStatus member={m} />
              {removeError?.memberId === m.id ? (
                <p role="alert" className="mt-1 text-sm text-destructive">
                  {removeError.message}
                </p>
              ) : null}
            </div>
            {canManage && m.status !== "active" ? <ResendButton member={m} /> : null}
            {removable ? <RemoveMemberButton member={m} /> : null}
          </li>
        );
      })}
      {members.length === 0 ? (
        <li>
          <EmptyState>No team members yet.{canManage ? " Add someone to help review referrals." : ""}</EmptyState>
        </li>
      ) : null}
    </ul>
  );
}
