import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { eq } from "drizzle-orm";
import { useEffect, useState } from "react";
import { Icon } from "~/components/icon";
import { Pagination } from "~/components/list-controls";
import { NoBusinessPage, WorkplaceHeader } from "~/components/no-business";
import { PageHeader } from "~/components/page-header";
import { AddMemberDialog, AddMemberForm } from "~/components/team-add-member";
import { TeamMembersList } from "~/components/team-members-list";
import { Card, CardContent } from "~/components/ui/card";
import { EmptyState } from "~/components/ui/empty-state";
import { listActivity } from "~/domain/effects/activity-queries.server";
import { loadWorkplace } from "~/domain/parties/workplace.server";
import { addTeamMember, listTeam, removeTeamMember, resendInvitation } from "~/domain/teams/members.server";
import { requireWorkplace, workplaceHeading } from "~/http/workplace-screen.server";
import { formatDate } from "~/utils/dates";
import { AppError } from "~/utils/errors.server";
import { readForm, replyWithError } from "~/utils/forms.server";
import { cn } from "~/utils/misc";
import { pageMeta } from "~/utils/page-meta";
import { pageFromUrl } from "~/utils/referral-filters";
import { requireRegularUser } from "~/utils/session.server";
import { useTimeZone } from "~/utils/time-zone";
import { redirectWithToast, toastHeader } from "~/utils/toast.server";
import { parseWithZod, TeamFormSchema } from "~/validation/forms.server";
import { users } from "../../db/schema";

export const meta: MetaFunction = () => pageMeta("Team Management | Warm Intros");

const ACTIVITY_PAGE_SIZE = 20;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, db, workplace } = await requireWorkplace(request, context);
  if (!workplace) return { business: null };
  const { business, canManage } = workplace;
  const url = new URL(request.url);
  const tab: "members" | "activity" = url.searchParams.get("tab") === "activity" ? "activity" : "members";
  const { page, limit, offset } = pageFromUrl(url, ACTIVITY_PAGE_SIZE);
  const [members, owner, activity] = await Promise.all([
    listTeam(db, user, business.id),
    db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, business.userId)).get(),
    tab === "activity" ? listActivity(db, { businessId: business.id }, { limit, offset }) : Promise.resolve(null),
  ]);
  return {
    ...workplaceHeading(workplace),
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

function ActivityTab({ data }: { data: LoaderData }) {
  const tz = useTimeZone();
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
              <p className="mt-0.5 text-xs text-muted-foreground">{formatDate(a.createdAt, tz)}</p>
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
      <WorkplaceHeader
        header={header(
          data.canManage ? (
            <AddMemberDialog
              open={dialogOpen}
              setOpen={setDialogOpen}
              lastResult={addResult}
              canGrantAdmin={data.role === "owner"}
            />
          ) : undefined,
        )}
        role={data.role}
        companyName={data.business.companyName}
      />
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
      {data.tab === "activity" ? (
        <ActivityTab data={data} />
      ) : (
        <TeamMembersList
          members={data.members}
          owner={data.owner}
          role={data.role}
          canManage={data.canManage}
          removeError={removeError}
        />
      )}
    </section>
  );
}
