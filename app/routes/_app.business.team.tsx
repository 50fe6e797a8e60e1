import { getFormProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { eq } from "drizzle-orm";
import { useEffect, useRef, useState } from "react";
import { ConfirmForm } from "~/components/confirm-form";
import { Icon } from "~/components/icon";
import { EmptyState, Pagination } from "~/components/list-controls";
import { NoBusinessPage, RoleNote } from "~/components/no-business";
import { PageHeader } from "~/components/page-header";
import { Button, buttonClass } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { Field, FormError, InputField, inputClass } from "~/components/ui/field";
import { LazyModal } from "~/components/ui/lazy-modal";
import { listActivity } from "~/domain/effects/activity-queries.server";
import { loadWorkplace } from "~/domain/parties/workplace.server";
import { addTeamMember, listTeam, removeTeamMember, resendInvitation } from "~/domain/teams/members.server";
import { AppError } from "~/utils/errors.server";
import { readForm, replyWithError } from "~/utils/forms.server";
import { cn, formatDate } from "~/utils/misc";
import { pageFromUrl } from "~/utils/referral-filters";
import { requireRegularUser } from "~/utils/session.server";
import { redirectWithToast, toastHeader } from "~/utils/toast.server";
import { useValidatedForm } from "~/utils/use-lazy-validation";
import { parseWithZod, TeamFormSchema } from "~/validation/forms.server";
import { users } from "../../db/schema";

export const meta: MetaFunction = () => [{ title: "Team Management | Warm Intros" }];

const ACTIVITY_PAGE_SIZE = 20;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireRegularUser(request, context);
  const db = context.db();
  const workplace = await loadWorkplace(db, user);
  if (!workplace) return { business: null };
  const { business, role, canManage } = workplace;
  const url = new URL(request.url);
  const tab: "members" | "activity" = url.searchParams.get("tab") === "activity" ? "activity" : "members";
  const { page, limit, offset } = pageFromUrl(url, ACTIVITY_PAGE_SIZE);
  const [members, owner, activity] = await Promise.all([
    listTeam(db, user, business.id),
    db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, business.userId)).get(),
    tab === "activity" ? listActivity(db, { businessId: business.id }, { limit, offset }) : Promise.resolve(null),
  ]);
  return {
    business: { id: business.id, companyName: business.companyName },
    role,
    canManage,
    owner: owner ?? null,
    members,
    tab,
    activity,
    page,
    // Without JavaScript the Add Team Member button is a link to ?add=member, which shows the form inline.
    addOpen: canManage && url.searchParams.get("add") === "member",
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireRegularUser(request, context);
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: TeamFormSchema });
  if (submission.status !== "success") return data({ intent: "add", result: submission.reply() }, { status: 400 });
  const { value } = submission;
  const db = context.db();

  if (value.intent === "remove" || value.intent === "resend") {
    const { memberId, intent } = value;
    const failure = intent === "resend" ? "Failed to resend invitation" : "Failed to remove member";
    try {
      if (!Number.isInteger(memberId) || memberId <= 0) throw new AppError(400, "Team member not found");
      if (intent === "resend") {
        const member = await resendInvitation(db, user, memberId);
        return redirectWithToast("/business/team", request, context, {
          title: "Invitation sent",
          description: `A new invitation is on its way to ${member.email}. The previous link no longer works.`,
        });
      }
      const member = await removeTeamMember(db, user, memberId);
      return redirectWithToast("/business/team", request, context, {
        title: member.status === "active" ? "Member removed" : "Invitation revoked",
      });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const headers = {
        "Set-Cookie": await toastHeader(request, context, { title: failure, description: error.message, variant: "destructive" }),
      };
      return data({ intent, removeError: error.message, memberId }, { status: error.status, headers });
    }
  }

  try {
    const workplace = await loadWorkplace(db, user);
    if (!workplace) throw new AppError(404, "Business profile not found");
    const { name, email, role } = value;
    await addTeamMember(db, user, workplace.business.id, { name, email, role });
    return redirectWithToast("/business/team", request, context, { title: "Team member created" });
  } catch (error) {
    return replyWithError(submission, error, request, context, { toastTitle: "Failed to create member", intent: value.intent });
  }
}

/** One answer shape for both forms: the add form reads `result`, the list reads the remove error. */
type ActionData = { intent?: string; result?: SubmissionResult<string[]>; removeError?: string; memberId?: number } | undefined;
type LoaderData = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { members: unknown }>;
type Member = LoaderData["members"][number];

function AddMemberForm({
  id,
  lastResult,
  onCancel,
  canGrantAdmin,
}: {
  id: string;
  lastResult?: SubmissionResult<string[]>;
  onCancel?: () => void;
  /** Only the owner makes team admins (the model refuses anyone else too). */
  canGrantAdmin: boolean;
}) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "add";
  const { form, fields, formProps } = useValidatedForm("teamMember", {
    id,
    lastResult,
    defaultValue: { role: "member" },
  });
  return (
    <Form method="post" action="/business/team" className="grid grid-cols-1 gap-4" {...getFormProps(form)} {...formProps}>
      <input type="hidden" name="intent" value="add" />
      <FormError id={form.errorId} errors={form.errors} />
      <InputField label="Name" meta={fields.name} type="text" autoComplete="off" />
      <InputField
        label="Email"
        meta={fields.email}
        type="email"
        hint="We email them an invitation link; they get access once they accept it"
        autoComplete="off"
      />
      <Field
        label="Role"
        meta={fields.role}
        hint={
          canGrantAdmin
            ? "Members review and update referrals; admins also manage the team and the profile"
            : "Members review and update referrals. Only the owner can add team admins."
        }
      >
        <select {...getSelectProps(fields.role)} className={inputClass}>
          <option value="member">Member</option>
          {canGrantAdmin ? <option value="admin">Admin</option> : null}
        </select>
      </Field>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {onCancel ? (
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        ) : (
          <Link to="/business/team" className={buttonClass("outline")}>
            Cancel
          </Link>
        )}
        <Button type="submit" disabled={submitting}>
          {submitting ? "Adding..." : "Add Member"}
        </Button>
      </div>
    </Form>
  );
}

/**
 * The Add Team Member dialog. The trigger is a link to `?add=member` (the inline form, for browsers
 * without JavaScript); with JavaScript it opens the dialog instead, which closes once the add succeeds.
 */
function AddMemberDialog({
  open,
  setOpen,
  lastResult,
  canGrantAdmin,
}: {
  open: boolean;
  setOpen: (open: boolean) => void;
  lastResult?: SubmissionResult<string[]>;
  canGrantAdmin: boolean;
}) {
  const triggerRef = useRef<HTMLAnchorElement>(null);
  // Reopening the dialog starts clean instead of repeating the last failure's messages.
  const [dismissed, setDismissed] = useState<SubmissionResult<string[]> | undefined>(undefined);
  const navigation = useNavigation();
  const submitted = useRef(false);
  useEffect(() => {
    if (navigation.formData?.get("intent") === "add") submitted.current = true;
    else if (navigation.state === "idle" && submitted.current) {
      submitted.current = false;
      // Success redirects (no action data); a failure keeps the dialog open with its messages.
      if (!lastResult) setOpen(false);
    }
  }, [navigation, lastResult, setOpen]);
  return (
    <>
      <Link
        ref={triggerRef}
        to="?add=member"
        className={buttonClass()}
        onClick={(e) => {
          e.preventDefault();
          setOpen(true);
        }}
      >
        <Icon name="user-plus" className="h-4 w-4" />
        Add Team Member
      </Link>
      <LazyModal
        open={open}
        onOpenChange={(next) => {
          if (!next) setDismissed(lastResult);
          setOpen(next);
        }}
        onCloseAutoFocus={(e) => {
          e.preventDefault();
          triggerRef.current?.focus();
        }}
        overlayClassName="fixed inset-0 z-50 bg-black/50"
        contentClassName="fixed left-1/2 top-1/2 z-50 grid max-h-[90vh] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-lg border bg-background p-6 shadow-xl"
        headerClassName="grid grid-cols-1 gap-1.5 pr-6"
        title="Add Team Member"
        titleClassName="text-lg font-semibold"
        description="Team members review incoming referrals and update their progress."
        descriptionClassName="text-sm text-muted-foreground"
        closeClassName="absolute right-3 top-3 rounded-md p-2 opacity-70 hover:bg-accent hover:opacity-100"
      >
        <AddMemberForm
          id="add-member"
          canGrantAdmin={canGrantAdmin}
          lastResult={lastResult === dismissed ? undefined : lastResult}
          onCancel={() => {
            setDismissed(lastResult);
            setOpen(false);
          }}
        />
      </LazyModal>
    </>
  );
}

/**
 * Remove Member (or, for a seat not yet taken, Revoke Invitation: the same action): a plain form
 * without JavaScript, a confirmation dialog with it (ConfirmForm).
 */
function RemoveMemberButton({ member }: { member: Member }) {
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
function ResendButton({ member }: { member: Member }) {
  const navigation = useNavigation();
  const busy =
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === "resend" &&
    navigation.formData?.get("memberId") === String(member.id);
  return (
    <Form method="post" action="/business/team" preventScrollReset>
      <input type="hidden" name="intent" value="resend" />
      <input type="hidden" name="memberId" value={member.id} />
      <Button type="submit" variant="outline" size="sm" disabled={busy} aria-label={`Resend Invitation ${member.name}`}>
        <Icon name="send" className="h-4 w-4" />
        {busy ? "Sending..." : "Resend Invitation"}
      </Button>
    </Form>
  );
}

/** Whether the seat is taken: "Invitation pending" (with when it lapses) until someone accepts. */
function MemberStatus({ member: m }: { member: Member }) {
  if (m.status === "active") {
    return <p className="text-xs text-muted-foreground">Active · added {formatDate(m.createdAt)}</p>;
  }
  const lapses = m.invitationExpiresAt ? formatDate(m.invitationExpiresAt) : null;
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
        {formatDate(m.createdAt)}
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

function MembersTab({ data, removeError }: { data: LoaderData; removeError?: { memberId?: number; message?: string } }) {
  const { members, owner, role, canManage } = data;
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

function ActivityTab({ data }: { data: LoaderData }) {
  const activity = data.activity;
  if (!activity || activity.items.length === 0) return <EmptyState>No activity yet</EmptyState>;
  return (
    <div className="grid grid-cols-1 gap-3">
      <ol className="grid grid-cols-1 gap-2" aria-label="Activity">
        {activity.items.map((a) => (
          <li key={a.id} className="flex gap-3 rounded-lg border bg-card p-3 sm:p-4" data-testid="activity-entry">
            <Icon name="activity" className="mt-0.5 h-4 w-4 shrink-0 text-muted-foreground" />
            <div className="min-w-0 flex-1">
              <p className="text-sm font-medium">{a.action}</p>
              {a.details ? <p className="break-words text-sm text-muted-foreground">{a.details}</p> : null}
              <p className="mt-0.5 text-xs text-muted-foreground">{formatDate(a.createdAt)}</p>
            </div>
          </li>
        ))}
      </ol>
      <Pagination page={data.page} total={activity.total} pageSize={ACTIVITY_PAGE_SIZE} />
    </div>
  );
}

function Tabs({ tab }: { tab: "members" | "activity" }) {
  const items = [
    { key: "members", label: "Team Members", to: "/business/team" },
    { key: "activity", label: "Activity", to: "/business/team?tab=activity" },
  ] as const;
  return (
    <nav aria-label="Team sections" className="flex gap-1 rounded-lg bg-muted p-1">
      {items.map((t) => (
        <Link
          key={t.key}
          to={t.to}
          aria-current={tab === t.key ? "page" : undefined}
          preventScrollReset
          className={cn(
            "flex-1 rounded-md px-3 py-1.5 text-center text-sm font-medium text-muted-foreground transition-colors sm:flex-none",
            tab === t.key ? "bg-background text-foreground shadow-sm" : "hover:text-foreground",
          )}
        >
          {t.label}
        </Link>
      ))}
    </nav>
  );
}

export default function TeamManagement() {
  const data = useLoaderData<typeof loader>();
  const actionData: ActionData = useActionData<typeof action>();
  const [dialogOpen, setDialogOpen] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const header = (actions?: React.ReactNode) => (
    <PageHeader title="Team Management" description="Who works on your referrals." actions={actions} />
  );
  if (!data.business) {
    return <NoBusinessPage header={header()} />;
  }
  const addResult = actionData?.intent === "add" ? actionData.result : undefined;
  // Without JavaScript a failed add comes back as a page: the form shows inline with its messages.
  const showInline = data.canManage && (data.addOpen || (Boolean(addResult) && !hydrated)) && !dialogOpen;
  const removeError =
    actionData?.intent === "remove" || actionData?.intent === "resend"
      ? { memberId: actionData.memberId, message: actionData.removeError }
      : undefined;
  return (
    <section className="grid grid-cols-1 gap-4">
      <div>
        {header(
          data.canManage ? (
            <AddMemberDialog
              open={dialogOpen}
              setOpen={setDialogOpen}
              lastResult={addResult}
              canGrantAdmin={data.role === "owner"}
            />
          ) : undefined,
        )}
        <RoleNote role={data.role} companyName={data.business.companyName} />
      </div>
      {showInline ? (
        // The form without the dialog: reached through ?add=member, or shown again with its messages.
        <Card>
          <CardContent className="pt-6">
            <h2 className="mb-4 text-lg font-semibold">Add Team Member</h2>
            <AddMemberForm id="add-member-inline" lastResult={addResult} canGrantAdmin={data.role === "owner"} />
          </CardContent>
        </Card>
      ) : null}
      <Tabs tab={data.tab} />
      {data.tab === "activity" ? <ActivityTab data={data} /> : <MembersTab data={data} removeError={removeError} />}
    </section>
  );
}
