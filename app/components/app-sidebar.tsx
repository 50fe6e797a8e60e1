import { Form, Link, NavLink, useNavigation } from "@remix-run/react";
import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import type { PublicUser } from "~/domain/accounts/users.server";
import { cn, displayName, initials } from "~/utils/misc";
import { Icon } from "./icon";
import type { IconName } from "./icons/icon-names";
import { ThemeToggle } from "./theme-toggle";

type NavItem = {
  to: string;
  label: string;
  icon: IconName;
  end?: boolean;
  badge?: number;
  /** What the badge counts, for its accessible name ("unread" by default, e.g. "unread messages"). */
  badgeNoun?: string;
};
/** Unread referral messages (issue 16): on referrals one made, and on referrals to one's business. */
export type UnreadMessages = { connector: number; business: number };

/** "3", or "99+" for a long backlog. */
const badgeText = (n: number) => (n > 99 ? "99+" : String(n));
/** The accessible name of a link with an unread count, e.g. "Notifications (3 unread)". */
const labelWithCount = (label: string, n?: number, noun = "unread") => (n ? `${label} (${n} ${noun})` : label);
const MESSAGES_NOUN = "unread messages";

/** The nav items with the unread-message count next to the list of the referrals they are about. */
const withMessageBadge = (items: NavItem[], to: string, n: number) =>
  n ? items.map((item) => (item.to === to ? { ...item, badge: n, badgeNoun: MESSAGES_NOUN } : item)) : items;

const REGULAR_LINKS: NavItem[] = [
  { to: "/", label: "Dashboard", icon: "layout-dashboard", end: true },
  { to: "/create-referral", label: "Make Referral", icon: "send" },
  { to: "/my-referrals", label: "My Referrals", icon: "list-checks" },
  { to: "/earnings", label: "Earnings", icon: "wallet" },
  { to: "/businesses", label: "Browse Businesses", icon: "building-2" },
];
const BUSINESS_LINKS: NavItem[] = [
  { to: "/business/profile", label: "My Business Profile", icon: "briefcase" },
  { to: "/business/referrals", label: "Incoming Referrals", icon: "inbox" },
  { to: "/business/update", label: "Update Referral", icon: "refresh-cw" },
  { to: "/business/team", label: "Team Management", icon: "users" },
  // The business paying its connectors: a connector's own money is Earnings (decision 176).
  { to: "/business/payouts", label: "Pay Connectors", icon: "hand-coins" },
  { to: "/business/share", label: "Share Referral Link", icon: "share-2" },
  { to: "/business/api", label: "API & Webhooks", icon: "webhook" },
];
/** Business Features for someone who neither owns a business nor holds a seat: one way in (decision 176). */
const REGISTER_LINKS: NavItem[] = [{ to: "/business/register", label: "Register Your Business", icon: "building-2" }];
const ADMIN_LINKS: NavItem[] = [
  { to: "/admin", label: "Dashboard", icon: "layout-dashboard", end: true },
  { to: "/admin/referrals", label: "All Referrals", icon: "file-text" },
  { to: "/admin/connectors", label: "Connectors", icon: "user-round" },
  { to: "/admin/businesses", label: "Businesses", icon: "building-2" },
];

// SPEC section 9: the state cookie lives 7 days; Ctrl/Cmd+B toggles; below 768px a sheet.
const SIDEBAR_COOKIE = "sidebar_state";
const SIDEBAR_COOKIE_MAX_AGE = 604800;
const MOBILE_QUERY = "(max-width: 767px)";

const MobileNavSheet = lazy(() => import("./mobile-nav-sheet"));

function NavLinkItem({ item, collapsed, onNavigate }: { item: NavItem; collapsed: boolean; onNavigate?: () => void }) {
  return (
    <li className={collapsed ? "group relative" : undefined}>
      <NavLink
        to={item.to}
        end={item.end}
        prefetch="intent"
        onClick={onNavigate}
        aria-label={collapsed || item.badge ? labelWithCount(item.label, item.badge, item.badgeNoun) : undefined}
        className={({ isActive }) =>
          cn(
            "relative flex h-9 items-center gap-3 rounded-md px-2.5 text-sm transition-colors hover:bg-accent hover:text-accent-foreground",
            isActive && "bg-accent font-medium text-accent-foreground",
            collapsed && "justify-center px-0",
          )
        }
      >
        <Icon name={item.icon} className="h-4 w-4 shrink-0" />
        {collapsed ? null : <span className="truncate">{item.label}</span>}
        {item.badge ? (
          collapsed ? (
            <span aria-hidden="true" className="absolute right-1.5 top-1.5 h-2 w-2 rounded-full bg-destructive" />
          ) : (
            <span
              aria-hidden="true"
              data-testid={item.badgeNoun === MESSAGES_NOUN ? "unread-messages-count" : "unread-count"}
              className="ml-auto rounded-full bg-destructive px-1.5 py-0.5 text-xs font-semibold leading-none text-destructive-foreground tabular-nums"
            >
              {badgeText(item.badge)}
            </span>
          )
        ) : null}
      </NavLink>
      {collapsed ? (
        // Collapsed, the label shows beside the icon on hover and keyboard focus: CSS only, so the
        // layout ships no positioning library (the link's aria-label already names it).
        <span
          role="tooltip"
          className="pointer-events-none invisible absolute left-full top-1/2 z-50 ml-2 -translate-y-1/2 whitespace-nowrap rounded-md bg-foreground px-2 py-1 text-xs text-background group-hover:visible group-has-[:focus-visible]:visible"
        >
          {labelWithCount(item.label, item.badge, item.badgeNoun)}
        </span>
      ) : null}
    </li>
  );
}

function NavGroup({
  title,
  items,
  collapsed,
  onNavigate,
}: {
  title?: string;
  items: NavItem[];
  collapsed: boolean;
  onNavigate?: () => void;
}) {
  return (
    <div className="grid gap-1">
      {title && !collapsed ? (
        <p className="px-2.5 pt-3 text-xs font-semibold uppercase tracking-wide text-muted-foreground">{title}</p>
      ) : null}
      {title && collapsed ? <div className="mx-2 my-2 border-t" /> : null}
      <ul className="grid gap-1">
        {items.map((item) => (
          <NavLinkItem key={item.to} item={item} collapsed={collapsed} onNavigate={onNavigate} />
        ))}
      </ul>
    </div>
  );
}

function Avatar({ user }: { user: PublicUser }) {
  return user.profilePhoto ? (
    <img src={user.profilePhoto} alt="" className="h-8 w-8 shrink-0 rounded-full object-cover" />
  ) : (
    <span
      aria-hidden="true"
      className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground"
    >
      {initials(user.name)}
    </span>
  );
}

function LogoutButton({ collapsed }: { collapsed: boolean }) {
  const navigation = useNavigation();
  const loggingOut = navigation.state !== "idle" && navigation.formAction === "/logout";
  return (
    <Form method="post" action="/logout">
      <button
        type="submit"
        disabled={loggingOut}
        aria-label={collapsed ? "Logout" : undefined}
        className={cn(
          "flex h-9 w-full items-center gap-3 rounded-md px-2.5 text-sm hover:bg-accent disabled:opacity-60",
          collapsed && "justify-center px-0",
        )}
      >
        <Icon name="log-out" className="h-4 w-4 shrink-0" />
        {collapsed ? null : <span>{loggingOut ? "Logging out..." : "Logout"}</span>}
      </button>
    </Form>
  );
}

function SidebarBody({
  user,
  collapsed,
  unreadCount,
  unreadMessages,
  hasBusiness,
  onNavigate,
}: {
  user: PublicUser;
  collapsed: boolean;
  unreadCount: number;
  unreadMessages?: UnreadMessages;
  hasBusiness: boolean;
  onNavigate?: () => void;
}) {
  return (
    <div className="flex h-full flex-col gap-2 p-2">
      <div className={cn("flex h-12 items-center gap-2 px-1.5", collapsed && "justify-center px-0")}>
        <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-lg bg-primary text-sm font-bold text-primary-foreground">
          WI
        </span>
        {collapsed ? null : <span className="text-base font-semibold">Warm Intros</span>}
      </div>
      {/* Collapsed, nothing scrolls here, so the labels beside the icons are not clipped. */}
      <nav aria-label="Main" className={cn("flex-1", collapsed ? "overflow-visible" : "overflow-y-auto")}>
        {user.isAdmin ? (
          <NavGroup items={ADMIN_LINKS} collapsed={collapsed} onNavigate={onNavigate} />
        ) : (
          <>
            <NavGroup
              items={withMessageBadge(REGULAR_LINKS, "/my-referrals", unreadMessages?.connector ?? 0)}
              collapsed={collapsed}
              onNavigate={onNavigate}
            />
            <NavGroup
              title="Business Features"
              items={
                hasBusiness
                  ? withMessageBadge(BUSINESS_LINKS, "/business/referrals", unreadMessages?.business ?? 0)
                  : REGISTER_LINKS
              }
              collapsed={collapsed}
              onNavigate={onNavigate}
            />
          </>
        )}
      </nav>
      <div className="grid gap-1 border-t pt-2">
        <ul className="grid gap-1">
          {user.isAdmin ? null : (
            <NavLinkItem
              item={{ to: "/notifications", label: "Notifications", icon: "bell", badge: unreadCount }}
              collapsed={collapsed}
              onNavigate={onNavigate}
            />
          )}
          <NavLinkItem
            item={{ to: "/settings", label: "Settings", icon: "settings" }}
            collapsed={collapsed}
            onNavigate={onNavigate}
          />
        </ul>
        <LogoutButton collapsed={collapsed} />
        <div className={cn("flex items-center gap-2 px-1.5 py-2", collapsed && "justify-center px-0")} data-testid="sidebar-user">
          <Avatar user={user} />
          {collapsed ? null : (
            <div className="min-w-0">
              <p className="truncate text-sm font-medium">{displayName(user.name)}</p>
              <p className="truncate text-xs text-muted-foreground">@{user.username}</p>
            </div>
          )}
        </div>
      </div>
    </div>
  );
}

export function AppShell({
  user,
  initialOpen,
  unreadCount = 0,
  unreadMessages,
  hasBusiness = false,
  children,
}: {
  user: PublicUser;
  initialOpen: boolean;
  /** Whether the user owns a business or holds a team seat: the business links, or one way to register. */
  hasBusiness?: boolean;
  /** Unread notifications of a regular user, shown next to Notifications. */
  unreadCount?: number;
  /** Unread referral messages, shown next to My Referrals and Incoming Referrals. */
  unreadMessages?: UnreadMessages;
  children: React.ReactNode;
}) {
  const [open, setOpen] = useState(initialOpen);
  const [mobileOpen, setMobileOpen] = useState(false);
  // Mounted from the first open on, so closing it runs Radix's own close (focus back to the trigger).
  const [sheetWanted, setSheetWanted] = useState(false);
  useEffect(() => {
    if (mobileOpen) setSheetWanted(true);
  }, [mobileOpen]);

  const setAndRemember = useCallback((next: boolean) => {
    setOpen(next);
    document.cookie = `${SIDEBAR_COOKIE}=${next}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE}; samesite=lax`;
  }, []);

  const toggle = useCallback(() => {
    if (window.matchMedia(MOBILE_QUERY).matches) setMobileOpen((o) => !o);
    else setAndRemember(!open);
  }, [open, setAndRemember]);

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.key.toLowerCase() === "b" && (event.metaKey || event.ctrlKey)) {
        event.preventDefault();
        toggle();
      }
    }
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [toggle]);

  return (
    <div className="flex min-h-screen">
      <aside
        data-testid="sidebar"
        data-state={open ? "expanded" : "collapsed"}
        className={cn(
          "sticky top-0 z-40 hidden h-screen shrink-0 border-r bg-sidebar text-sidebar-foreground transition-[width] duration-200 md:block print:hidden",
          open ? "w-sidebar" : "w-sidebar-icon",
        )}
      >
        <SidebarBody
          user={user}
          collapsed={!open}
          unreadCount={unreadCount}
          unreadMessages={unreadMessages}
          hasBusiness={hasBusiness}
        />
      </aside>
      {/* The sheet's module (Radix Dialog) loads on the first open, not with every screen (decision 075). */}
      {sheetWanted ? (
        <Suspense fallback={null}>
          <MobileNavSheet open={mobileOpen} onOpenChange={setMobileOpen}>
            <SidebarBody
              user={user}
              collapsed={false}
              unreadCount={unreadCount}
              unreadMessages={unreadMessages}
              hasBusiness={hasBusiness}
              onNavigate={() => setMobileOpen(false)}
            />
          </MobileNavSheet>
        </Suspense>
      ) : null}
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b bg-background/95 px-3 backdrop-blur md:px-4 print:hidden">
          <button
            type="button"
            onClick={toggle}
            aria-label="Toggle sidebar"
            title="Toggle sidebar (Ctrl+B)"
            data-testid="sidebar-trigger"
            className="inline-flex h-9 w-9 items-center justify-center rounded-md hover:bg-accent"
          >
            <Icon name="panel-left" className="hidden h-4 w-4 md:block" />
            <Icon name="menu" className="h-5 w-5 md:hidden" />
          </button>
          <span className="font-semibold md:hidden">Warm Intros</span>
          <div className="ml-auto flex items-center gap-1">
            {user.isAdmin ? null : (
              // Below 768px the sidebar is a closed sheet, so the bell sits in the top bar.
              <Link
                to="/notifications"
                aria-label={labelWithCount("Notifications", unreadCount)}
                className="relative inline-flex h-9 w-9 items-center justify-center rounded-md hover:bg-accent md:hidden"
                data-testid="header-notifications"
              >
                <Icon name="bell" className="h-4 w-4" />
                {unreadCount ? (
                  <span
                    aria-hidden="true"
                    className="absolute -right-0.5 -top-0.5 min-w-[1.125rem] rounded-full bg-destructive px-1 py-0.5 text-center text-[10px] font-semibold leading-none text-destructive-foreground"
                  >
                    {badgeText(unreadCount)}
                  </span>
                ) : null}
              </Link>
            )}
            <ThemeToggle />
          </div>
        </header>
        <main id="main" className="mx-auto w-full max-w-6xl flex-1 p-4 md:p-6 print:max-w-none print:p-0">
          {children}
        </main>
      </div>
    </div>
  );
}
