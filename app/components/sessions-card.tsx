import { Form, useNavigation } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import type { UserSessionView } from "~/domain/accounts/user-sessions.server";
import { formatDateTime } from "~/utils/dates";
import { useTimeZone } from "~/utils/time-zone";

export const END_SESSION_INTENT = "endSession";
export const END_OTHER_SESSIONS_INTENT = "endOtherSessions";

/** One session as the loader hands it over. */
export type SessionItem = UserSessionView;

function busyWith(navigation: ReturnType<typeof useNavigation>, intent: string, sessionId?: string) {
  return (
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === intent &&
    (sessionId === undefined || navigation.formData?.get("sessionId") === sessionId)
  );
}

/**
 * Settings > Sessions (decision 107): where the account is signed in, "This device" first, with
 * "Sign out" per other session and "Sign out other sessions". Plain forms: no script needed.
 */
export function SessionsCard({ sessions }: { sessions: SessionItem[] }) {
  const navigation = useNavigation();
  const tz = useTimeZone();
  const others = sessions.filter((s) => !s.current).length;
  return (
    <Card id="sessions" className="lg:col-span-2">
      <CardHeader>
        <CardTitle>Sessions</CardTitle>
        <CardDescription>
          Where your account is signed in. Sign out any you do not recognise, then change your password.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ul className="grid gap-2" aria-label="Signed-in sessions">
          {sessions.map((s) => (
            <li
              key={s.id}
              data-testid="session-row"
              className="flex flex-wrap items-center justify-between gap-3 rounded-md border p-3 text-sm"
            >
              <div className="grid gap-0.5">
                <p className="font-medium">
                  {s.device}
                  {s.current ? (
                    <span className="ml-2 rounded bg-primary px-1.5 py-0.5 text-xs text-primary-foreground">This device</span>
                  ) : null}
                </p>
                <p className="text-muted-foreground">
                  {[s.ipAddress ?? "Unknown address", s.country].filter(Boolean).join(" · ")} · Last seen{" "}
                  {formatDateTime(s.lastSeenAt, tz)}
                </p>
                <p className="text-muted-foreground">Signed in {formatDateTime(s.createdAt, tz)}</p>
              </div>
              {s.current ? null : (
                <Form method="post">
                  <input type="hidden" name="sessionId" value={s.id} />
                  <Button
                    type="submit"
                    name="intent"
                    value={END_SESSION_INTENT}
                    variant="outline"
                    size="sm"
                    disabled={busyWith(navigation, END_SESSION_INTENT, s.id)}
                  >
                    {busyWith(navigation, END_SESSION_INTENT, s.id) ? "Signing out..." : "Sign out"}
                    <span className="sr-only"> {s.device}</span>
                  </Button>
                </Form>
              )}
            </li>
          ))}
        </ul>
        {others > 0 ? (
          <Form method="post">
            <Button
              type="submit"
              name="intent"
              value={END_OTHER_SESSIONS_INTENT}
              variant="destructive"
              disabled={busyWith(navigation, END_OTHER_SESSIONS_INTENT)}
              className="w-full sm:w-auto"
            >
              {busyWith(navigation, END_OTHER_SESSIONS_INTENT) ? "Signing out..." : "Sign out other sessions"}
            </Button>
          </Form>
        ) : (
          <p className="text-sm text-muted-foreground">No other sessions.</p>
        )}
      </CardContent>
    </Card>
  );
}
