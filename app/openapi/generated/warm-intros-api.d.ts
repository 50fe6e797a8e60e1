/**
 * Warm Intros API: TypeScript types generated from /api/openapi.json by openapi-typescript.
 * Use them with openapi-fetch (npm install openapi-fetch); "Typed client" on /api/docs shows how.
 *
 * Do not edit: `npm run api:types` writes this file from the OpenAPI document.
 */

export interface paths {
  "/api/activity-logs": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Platform activity (admins)
     * @description Newest first. Platform admins only.
     *
     *     Session cookie of a platform admin.
     */
    get: operations["listActivity"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/activity-logs/business/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A business's activity
     * @description Newest first. The business's owner and team, or a platform admin.
     *
     *     Session cookie (API keys are refused).
     */
    get: operations["listBusinessActivity"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/activity-logs/user/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A user's activity
     * @description What the user did, newest first. Yourself, or any user for a platform admin.
     *
     *     Session cookie (API keys are refused).
     */
    get: operations["listUserActivity"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/admin/businesses": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Businesses with their totals
     * @description The admin console's businesses table; format=csv exports the current filter.
     *
     *     Session cookie of a platform admin.
     */
    get: operations["listAdminBusinesses"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/admin/connectors": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Connectors with their totals
     * @description The admin console's connectors table; format=csv exports the current filter.
     *
     *     Session cookie of a platform admin.
     */
    get: operations["listAdminConnectors"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/admin/disputes/{id}/decision": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Decide a dispute
     * @description A platform admin upholds or dismisses a dispute the business disagreed with or did not answer within its response window. Upholding moves the referral to completed with the claimed revenue (its history row and referral.status_changed), and its commission follows: a new one for a rejection; for a completion the standing one is reversed while unpaid, or adjusted once paid, and the new one created. Both sides are told (in the app and by mail) and dispute.resolved is written, all in one step. Needs the password entered in the last 10 minutes (POST /api/auth/reauthenticate).
     *
     *     Session cookie of a platform admin.
     */
    post: operations["decideDispute"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/admin/payables": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Platform payables and overdue businesses
     * @description Totals per currency of the platform's commissions: pending (in their hold period), payable (net of clawback adjustments) and paid; and, paged by limit and offset, the businesses with commissions payable for more than 30 days (per business and currency: the amount, how many, since when), oldest first. The admin dashboard's Payables tab shows the same; the count also shows in each business's reputation (payablesOverdue).
     *
     *     Session cookie of a platform admin.
     */
    get: operations["getAdminPayables"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/admin/referrals/overdue": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Referrals overdue for a decision
     * @description Referrals the review clock flagged: still pending a second response window (the business's, in business days) after their decision was due, the business having been reminded once. Oldest due first; the admin dashboard's Overdue referrals tab shows the same.
     *
     *     Session cookie of a platform admin.
     */
    get: operations["listOverdueReferrals"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/admin/referrals/{id}/remind": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Remind a business about a referral
     * @description Notifies the business's owner and linked team members (the owner also by mail); logged with the admin's id. Only an open referral (pending or approved) can be reminded of. Needs the password entered in the last 10 minutes (POST /api/auth/reauthenticate).
     *
     *     Session cookie of a platform admin.
     */
    post: operations["remindBusiness"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/admin/stats": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Platform totals
     * @description Referrals, active connectors, businesses and completed referrals.
     *
     *     Session cookie of a platform admin.
     */
    get: operations["getAdminStats"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/admin/users/{id}/suspension": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Suspend or reinstate a user
     * @description A suspended user cannot log in, and every session of theirs ends at once. Admins cannot be suspended. Needs the password entered in the last 10 minutes (POST /api/auth/reauthenticate).
     *
     *     Session cookie of a platform admin.
     */
    post: operations["setUserSuspension"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/api-keys": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List API keys
     * @description A business's keys (?businessId=, for its owner and team admins) or, without it, your personal keys. Newest first; secrets are never shown again.
     *
     *     Session cookie (API keys are refused).
     */
    get: operations["listApiKeys"];
    put?: never;
    /**
     * Create an API key
     * @description A business key (with businessId; owner or team admin) acts for that business as you. A personal key (without businessId) acts as your connector profile and may hold only the referral scopes. The whole key is in this answer and never again: only its hash is stored.
     *
     *     Session cookie (API keys are refused).
     */
    post: operations["createApiKey"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/api-keys/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Revoke an API key
     * @description Revokes at once: the key's next use is a 401. The key stays in the list with its revokedAt.
     *
     *     Session cookie (API keys are refused).
     */
    delete: operations["revokeApiKey"];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/auth/login": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Log in
     * @description Starts a session: the answer sets the session cookie, which every other endpoint accepts. Failed attempts are counted per username and client address (CF-Connecting-IP; an IPv6 address counts as its /64): after 10 for one username from one client in 15 minutes, that client's logins for it are refused for the rest of the 15 minutes; after 30 from one client, whatever the usernames, all its logins are, except from a browser that signed in as that user before (the right password sets a signed device cookie that names the user). Failures for one username from everywhere only slow its logins down (never refusing the right password from another client), and its password checks run one at a time: one kept waiting over a second is refused with 429 and Retry-After: 1. Wrong current passwords (PATCH /api/users/{id}) count with them. For a user with two-factor on, the right password sets no cookie: the answer is a TwoFactorChallenge to complete with POST /api/auth/login/two-factor.
     *
     *     No authentication.
     */
    post: operations["login"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/auth/login/two-factor": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Complete a login with a two-factor code
     * @description The second step of a login for a user with two-factor on: the challenge from POST /api/auth/login and either code (6 digits from the authenticator app; each code works once) or recoveryCode (each works once). A wrong code counts as a failed login; after 5 wrong codes, or 5 minutes, the challenge lapses and the login starts again.
     *
     *     No authentication.
     */
    post: operations["loginTwoFactor"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/auth/logout": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Log out
     * @description Ends this session (the cookie stops working everywhere) and clears the cookie. Answers 200 without a session too.
     *
     *     No authentication.
     */
    post: operations["logout"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/auth/me": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Who am I
     * @description The signed-in user; emailVerified tells whether their current address has been confirmed.
     *
     *     Session cookie (API keys are refused).
     */
    get: operations["getMe"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/auth/password-reset": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Ask for a password reset link
     * @description Mails a /reset-password link (valid for 1 hour) to every account that uses the address. The answer is the same whether or not one does. Past 3 requests an hour for one address nothing more is sent (the answer stays the same); past 20 an hour from one client the answer is 429.
     *
     *     No authentication.
     */
    post: operations["requestPasswordReset"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/auth/password-reset/confirm": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Set a new password with a reset link
     * @description Takes the token of a /reset-password link and the new password (confirmPassword is optional; sent, it must match). The token works once; every session of the user ends, and the address counts as verified when the link went to the user's current email.
     *
     *     No authentication.
     */
    post: operations["confirmPasswordReset"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/auth/reauthenticate": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Confirm your password again
     * @description Checks the signed-in user's password and records it on this session: admin changes (suspension, reminders) need a password entered in the last 10 minutes and answer 403 otherwise. Failures count toward a lockout like logins (429 with Retry-After).
     *
     *     Session cookie (API keys are refused).
     */
    post: operations["reauthenticate"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/auth/sessions": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Your sessions
     * @description Where your account is signed in: each live session's device (parsed from its browser's User-Agent), client address and country when known, when it signed in and when it was last seen (kept to within 5 minutes), newest first with this session first and current: true; at most 50. Ids are opaque: they name a session to DELETE /api/auth/sessions/{id} and are not its cookie.
     *
     *     Session cookie (API keys are refused).
     */
    get: operations["listSessions"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/auth/sessions/revoke-others": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Sign out other sessions
     * @description Ends every session of yours except this one; answers how many ended.
     *
     *     Session cookie (API keys are refused).
     */
    post: operations["endOtherSessions"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/auth/sessions/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Sign out one session
     * @description Ends one of your sessions at once (its cookie answers 401 from now on); this session's own id logs you out. An id that is not one of your live sessions answers 404, whoever's it is.
     *
     *     Session cookie (API keys are refused).
     */
    delete: operations["endSession"];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/auth/signup": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Sign up
     * @description Creates an account and logs it in. Individuals get a connector profile at once. Public signup never creates an admin. At most 10 signups an hour from one client address (429 with Retry-After beyond).
     *
     *     No authentication.
     */
    post: operations["signup"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/auth/two-factor": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Start setting up two-factor
     * @description Makes a new TOTP key (a new call replaces an unconfirmed one) and answers it as base32 and as an otpauth:// URI for a QR code. Two-factor is on only once POST /api/auth/two-factor/confirm takes a code. Needs the password entered in the last 10 minutes (POST /api/auth/reauthenticate), so a stolen session cannot enrol its own authenticator. Platform admins outside development must set it up before any other endpoint answers them.
     *
     *     Session cookie (API keys are refused).
     */
    post: operations["startTwoFactorSetup"];
    /**
     * Turn two-factor off
     * @description Takes the current password (which counts as the re-authentication) and a code from the app or a recovery code; your other sessions end. Platform admins cannot turn it off outside development.
     *
     *     Session cookie (API keys are refused).
     */
    delete: operations["disableTwoFactor"];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/auth/two-factor/confirm": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Turn two-factor on with a first code
     * @description Takes a code from the app for the key of POST /api/auth/two-factor; answers the ten recovery codes, this once. Needs the password entered in the last 10 minutes; your other sessions end.
     *
     *     Session cookie (API keys are refused).
     */
    post: operations["confirmTwoFactorSetup"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/auth/two-factor/recovery-codes": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Make new recovery codes
     * @description Takes a code from the app; answers ten new recovery codes, this once. The old ones stop working. Needs the password entered in the last 10 minutes; your other sessions end.
     *
     *     Session cookie (API keys are refused).
     */
    post: operations["regenerateRecoveryCodes"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/auth/verify-email": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Confirm an email address
     * @description Takes the token of a /verify-email link (mailed at signup, at an email change and on request). No session is needed. A token works once, for 3 days, and only while its address is still the user's email.
     *
     *     No authentication.
     */
    post: operations["verifyEmail"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/auth/verify-email/resend": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Send a new verification link
     * @description Mails a fresh /verify-email link to your current address. At most one a minute and five a day (429 with Retry-After past that).
     *
     *     Session cookie (API keys are refused).
     */
    post: operations["resendEmailVerification"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/businesses": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Browse businesses
     * @description Alphabetical; with `q`, best match first: every word in the company name, then in the UEN, then in the sector or nature, then in the referral fee or description, then spread over several of them, the newest business first within each. A search looks at the best 1,000 matches at most: with more, `X-Total-Count` is 1000, `X-Total-Count-Capped` is `true`, and pages past the 1,000th match are empty (add a word to narrow it). Contact details appear only for businesses you have referred to, work for, or (admins) all.
     *
     *     Session cookie (API keys are refused).
     */
    get: operations["listBusinesses"];
    put?: never;
    /**
     * Register your business
     * @description You register your own business (one per user).
     *
     *     Session cookie (API keys are refused).
     */
    post: operations["createBusiness"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/businesses/me": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Your business
     * @description The business you own or, failing that, the one whose team you are on, with your role in it.
     *
     *     Session cookie (API keys are refused).
     */
    get: operations["getMyBusiness"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/businesses/user/{userId}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get the business a user owns
     * @description Contact details as for GET /api/businesses/{id}.
     *
     *     Session cookie (API keys are refused).
     */
    get: operations["getBusinessByUser"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/businesses/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get a business
     * @description Contact details only when you have referred to it, work for it, or are an admin.
     *
     *     Session cookie (API keys are refused).
     */
    get: operations["getBusiness"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /**
     * Update a business
     * @description The owner or a team admin; every field of the business form is sent (as on register).
     *
     *     Session cookie (API keys are refused).
     */
    patch: operations["updateBusiness"];
    trace?: never;
  };
  "/api/businesses/{id}/payout-settings": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get a business's payout minimums and terms
     * @description The owner or a team admin: the least the business pays out per currency (a connector may request a payout once their payable balance reaches it, or is above zero where there is none) and its payout terms, the days it gives itself to pay a request (the request's due date). New businesses have no minimums and 14 days' terms.
     *
     *     Session cookie (API keys are refused).
     */
    get: operations["getPayoutSettings"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /**
     * Change a business's payout minimums or terms
     * @description The owner or a team admin. Send payoutTermsDays, minimums or both; minimums replace the whole list. Open requests keep the due date they were given.
     *
     *     Session cookie (API keys are refused).
     */
    patch: operations["updatePayoutSettings"];
    trace?: never;
  };
  "/api/businesses/{id}/personal-link": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Your personal link to a business
     * @description The link you share so that people introduce themselves to this business (issue 37): /refer/{businessId}?via={code}. Someone who opens it while logged out gives their name, email, phone and a note; that makes a referral credited to you (registeredBy person, your default cashback for the business: its percentage fee, else 0), under the rules and limits of any referral, and it counts once they confirm their email address, which is their consent. Only for your own connector profile.
     *
     *     Session cookie (API keys are refused).
     */
    get: operations["getPersonalLink"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/commissions": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List commissions with their ledger entries
     * @description Newest first. Without businessId or as: your own as a connector (a platform admin: every commission). With businessId (or as=business): that business's, for its owner and every team member. Amounts are integers in the currency's minor units (cents; whole yen for JPY), never summed across currencies; each commission carries its entries, whose sum is what is still owed on it. A user with neither a connector profile nor a business gets an empty list.
     *
     *     Session cookie, or an API key with the commissions:read scope.
     */
    get: operations["listCommissions"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/commissions/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One commission with its ledger entries
     * @description Its connector, its business's owner and team, or a platform admin.
     *
     *     Session cookie, or an API key with the commissions:read scope.
     */
    get: operations["getCommission"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/connectors": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List connectors (admins)
     * @description Every connector profile, by name. Platform admins only.
     *
     *     Session cookie of a platform admin.
     */
    get: operations["listConnectors"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/connectors/user/{userId}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get a user's connector profile
     * @description Your own (this is how you learn your connector id), or any for a platform admin.
     *
     *     Session cookie (API keys are refused).
     */
    get: operations["getConnectorByUser"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/disputes": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List disputes
     * @description Disputes newest first, as the caller may see them: a platform admin every one; a business key its business's; anyone else those they raised as a connector and those against a business they own or hold a seat in.
     *
     *     Session cookie, or an API key with the referrals:read scope.
     */
    get: operations["listDisputes"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/disputes/{id}/answer": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Answer a dispute
     * @description The business's owner or a team admin answers an open dispute within the response window (answerDueAt). Accepting settles it as an upheld dispute would: the referral becomes completed with the claimed revenue, with its history row and referral.status_changed, and its commission follows (a new one; or the standing one reversed while unpaid, or adjusted once paid). Disagreeing sends it to the platform admins' queue. The connector is told (in the app and by mail) and dispute.answered is written, all in one step. Members, the connector and platform admins get 403; anyone else 404.
     *
     *     Session cookie, or an API key with the referrals:write scope.
     */
    post: operations["answerDispute"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/earnings": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Your earnings per currency
     * @description Your own balances as a connector, per currency: pending (in the hold period), payable, paid, and owed (the sum of your ledger entries). Amounts are integers in the currency's minor units, with decimal strings beside them; currencies are never added together.
     *
     *     Session cookie, or an API key with the commissions:read scope.
     */
    get: operations["getEarnings"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/events": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List events (the event feed)
     * @description The events the webhooks carry, newest first, each exactly the JSON body its deliveries POST (the same id as their webhook-id header, so a receiver can reconcile what it missed). Every event is listed, whether or not an endpoint subscribes to its type; events are kept 30 days. Paged by event id, stable while events arrive: follow the Link header's rel="next" (startingAfter=the last id) for older pages, and to poll for new events ask endingBefore=the newest id you have (following rel="next" while there is one). Whose: a business key, its business's events, only the types its scopes can read (referral.* referrals:read, team_member.* team:read, commission.*, payout.recorded and payout.requested commissions:read); a personal key, or a session without businessId, the events about your own connector profile (referral, commission and payout events; never team events); a session with businessId, that business's (its owner and team admins).
     *
     *     Session cookie, or an API key with the referrals:read or team:read or commissions:read scope.
     */
    get: operations["listEvents"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/intros/{token}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Read an introduction
     * @description What the referred person sees through the link in their introduction mail: who introduces them, to which business (its public profile), the connector's note, their own details until erased, and the consent status. At most 30 looks and answers per client address in 10 minutes (429 with Retry-After beyond).
     *
     *     No authentication.
     */
    get: operations["getIntroduction"];
    put?: never;
    /**
     * Accept or decline an introduction
     * @description The referred person's answer. accept (optionally with corrected referredPersonName, referredPersonEmail, referredPersonPhone) gives consent: the business now sees the email and phone, and its review window starts. A corrected email does not give consent yet: a confirmation link goes to the new address (emailToConfirm), and consent counts with it once the link is followed; a corrected name or phone is taken at once. A corrected email or phone must pass the checks of a new referral (not a duplicate, not someone who declined or was erased, not the connector's or the business team's own contact), else 409 with one fixed text and nothing changes. decline erases the email and phone for good (a keyed hash stays for the 90-day duplicate window); sent after accepting, it withdraws consent the same way. A decline or withdrawal before the referral is completed closes it (status rejected, rejectionReason person_declined; an unpaid commission is reversed); after completion the outcome and its commission stay. The connector and the business are told, and the business's webhooks receive referral.consent_changed (and referral.status_changed when it closes). Throttled as the GET.
     *
     *     No authentication.
     */
    post: operations["answerIntroduction"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/notifications": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List your notifications
     * @description Newest first; X-Unread-Count has the unread total.
     *
     *     Session cookie (API keys are refused).
     */
    get: operations["listNotifications"];
    put?: never;
    /**
     * Mark notifications read
     * @description {id} marks one; {id: null} or {} marks all.
     *
     *     Session cookie (API keys are refused).
     */
    post: operations["markNotificationsRead"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/payout-methods": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List your payout methods
     * @description Where businesses pay you: your payout methods on file, masked (the details are sealed and shown whole only to a paying business's owner and team admins at payout time). Defaults first, per currency. A session, or a personal key with commissions:read.
     *
     *     Session cookie, or an API key with the commissions:read scope.
     */
    get: operations["listPayoutMethods"];
    put?: never;
    /**
     * Add a payout method
     * @description Needs your password from the last 10 minutes (POST /api/auth/reauthenticate {"password"}) and, with two-factor on, a code. The method becomes its currency's default when asked or when the currency has none. Your verified address is mailed, and payouts to you are held for 48 hours (a new destination is the common account-takeover path).
     *
     *     Session cookie (API keys are refused).
     */
    post: operations["addPayoutMethod"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/payout-methods/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Remove a payout method
     * @description No money goes to it afterwards (a currency left without a default cannot be paid until you add or choose one). Your verified address is told.
     *
     *     Session cookie (API keys are refused).
     */
    delete: operations["removePayoutMethod"];
    options?: never;
    head?: never;
    /**
     * Change a payout method
     * @description Replaces the method's details (all its fields, as when adding it); makeDefault makes it its currency's default. The same confirmations as adding one (a recent password, the code where two-factor is on), the same mail, and the same 48-hour hold on payouts to you.
     *
     *     Session cookie (API keys are refused).
     */
    patch: operations["changePayoutMethod"];
    trace?: never;
  };
  "/api/payout-requests": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List payout requests
     * @description Newest first. A connector sees their own requests; a business's owner and team admins see the business's; platform admins see all. A business key sees its business's, a personal key its owner's own. Filtering by a business where you are only a team member is refused.
     *
     *     Session cookie, or an API key with the commissions:read scope.
     */
    get: operations["listPayoutRequests"];
    put?: never;
    /**
     * Request a payout
     * @description A connector asks a business to pay what it owes them in one currency: their payable balance there (payable commissions net of payable adjustments) must be above zero and at least the business's minimum for that currency. The request keeps that amount and is due after the business's payout terms (GET /api/businesses/{id}/payout-settings). In one step: the request, a notification and an email to the business's owner and team admins, and the payout.requested webhook. One open request per business and currency; the next payout recorded to you in that currency settles it. A session only: API keys are refused.
     *
     *     Session cookie (API keys are refused).
     */
    post: operations["requestPayout"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/payouts": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List payouts
     * @description Newest paid first, each with the commissions it settled. A business's owner and team admins see the business's payouts; a connector sees the payouts made to them; platform admins see all. A business key sees its business's, a personal key its owner's as a connector. Filtering by a business where you are only a team member is refused.
     *
     *     Session cookie, or an API key with the commissions:read scope.
     */
    get: operations["listPayouts"];
    put?: never;
    /**
     * Record a payout
     * @description The business's owner or a team admin (or a business key with payouts:write) records a payment to one connector in one currency, settling the listed payable commissions and netting off payable adjustments (negative amounts that claw back a paid commission whose referral changed). In one step: the payout, its commissions marked paid, a ledger entry per item dated paidAt, the activity payment_processed, the connector's notification and receipt email, and the payout.recorded webhook. paidAt is a date (YYYY-MM-DD, stored as midnight UTC) or an ISO 8601 timestamp, not in the future, not more than 90 days back and not before the latest payableAt of the listed items (a date alone counts as that whole day): 400 on paidAt otherwise. The amount is the sum of the listed items; it must be more than zero and at most what is payable to that connector in that currency (so an outstanding adjustment cannot be left out).
     *
     *     Session cookie, or an API key with the payouts:write scope.
     */
    post: operations["recordPayout"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/payouts/{id}/void": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Void a payout
     * @description A payout recorded in error is voided by the business's owner or a team admin (or a business key with payouts:write) within 7 days of recording it, with a reason. Entries, never edits: in one step the payout is marked voided (voidedAt, voidReason; it stays listed), each of its ledger entries is reversed by a payout_voided entry dated now, its commissions (and adjustments) return to payable, the activity payment_voided is logged, the connector is notified in the app and by email, and the payout.voided webhook fires. The connector's statement shows the payout and its void as two lines.
     *
     *     Session cookie, or an API key with the payouts:write scope.
     */
    post: operations["voidPayout"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/public/register-business": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Register a business account
     * @description Creates a business account and its business in one step, and logs it in (the public /register-business page). At most 3 registrations a day from one client address (429 with Retry-After beyond).
     *
     *     No authentication.
     */
    post: operations["registerBusiness"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/referral-links/{code}/introductions": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Introduce yourself through a connector's personal link
     * @description What a person does on /refer/{businessId}?via={code} while logged out (issue 37): they give their own name, email, phone and an optional note. That makes a referral to the business credited to the link's connector (registeredBy person, pending, consentStatus awaiting, the connector's default cashback for the business), under the rules of any referral: the same person cannot be referred to the same business twice within 90 days, nor be the connector's or the business team's own contact. A link to confirm the address is mailed to it (/intro/confirm/{token}); following it is the person's consent, and only then does the business see the email and phone. No session needed. At most 5 introductions an hour from one client address; one connector's link takes the per-connector limits of any referral, counted apart from the connector's own (429 with Retry-After beyond either).
     *
     *     No authentication.
     */
    post: operations["introduceThroughPersonalLink"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/referrals": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List every referral (admins)
     * @description Every referral on the platform, newest first. Platform admins only.
     *
     *     Session cookie of a platform admin.
     */
    get: operations["listReferrals"];
    put?: never;
    /**
     * Create a referral
     * @description A person (session or personal key) refers as their own connector profile. A business key records a referral its own systems received (a CRM, a web form) into its own business, for the connector named by connectorId: that referral is registeredBy business and awaits the connector's confirmation (connectorConfirmation awaiting; POST /api/referrals/{id}/confirmation): no introduction mail goes out in the connector's name, it counts in no figure and cannot be approved or completed until they confirm, and the connector is told in the app and by mail. The referral starts pending; the business's referral.created webhooks fire. The same person (email or phone) cannot be referred to the same business twice within 90 days unless the earlier referral was rejected. A person whose email or phone is the connector's own or that of someone on the business's team is refused (422). An address at a disposable mail service is accepted but flagged (referredPersonEmailDisposable) to the business.
     *
     *     Session cookie, or an API key with the referrals:write scope.
     */
    post: operations["createReferral"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/referrals/business/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List a business's referrals
     * @description Newest first, with the connector's details. The business's owner and team, or a platform admin.
     *
     *     Session cookie, or an API key with the referrals:read scope.
     */
    get: operations["listBusinessReferrals"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/referrals/connector/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List a connector's referrals
     * @description Newest first. The connector themself (see GET /api/connectors/user/{userId} for your connector id) or a platform admin.
     *
     *     Session cookie, or an API key with the referrals:read scope.
     */
    get: operations["listConnectorReferrals"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/referrals/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get a referral
     * @description One referral with its status history. Its connector, the business's owner and team, and platform admins may see it; anyone else gets 404.
     *
     *     Session cookie, or an API key with the referrals:read scope.
     */
    get: operations["getReferral"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /**
     * Record a referral's progress
     * @description The business's owner or team records the status, revenue and a note. The fee is computed by the server (revenue × cashback percentage). A rejection names its rejectionReason (other needs a note); moving a completed or rejected referral to another status needs a note saying why (400 with the field's message otherwise). The connector is notified; a status change fires referral.status_changed webhooks. Every update is kept in the history.
     *
     *     Session cookie, or an API key with the referrals:write scope.
     */
    patch: operations["updateReferral"];
    trace?: never;
  };
  "/api/referrals/{id}/confirmation": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Confirm or disown a referral registered in your name
     * @description A business key may register a referral for a connector who introduced the person offline; it awaits that connector's confirmation (connectorConfirmation "awaiting"). Its connector answers here (or on the referral's page in the app, where the mail they get links). confirm: it credits them from now on, and the person is mailed the introduction in their name (their 14 days to answer start now). disown: the referral is closed (status rejected, rejectionReason not_confirmed, consent cancelled) and the person's email and phone are erased. Only the connector answers (the business and platform admins get 403), once (409 after); anyone who may not see the referral gets 404. The business's team is told, and its webhooks receive referral.updated (changedFields ["connectorConfirmation"]) or referral.status_changed.
     *
     *     Session cookie, or an API key with the referrals:write scope.
     */
    post: operations["answerReferralConfirmation"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/referrals/{id}/correction": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Correct the referred person's email or phone
     * @description The referral's connector corrects the person's email and/or phone while the introduction awaits their answer (a typo). The corrected details pass a new referral's checks again: the person cannot be the connector or someone on the business's team (422), nor anyone another referral to this business names in the last 90 days, including people who declined (409); the referral being corrected never counts against itself. The old introduction link stops working at once, a new introduction mail goes to the corrected details and the person has 14 days from now to answer. Counted with the connector's referrals (20 an hour, 50 a day), and with resends at most 3 introduction mails per referral a day (429 with Retry-After). The business's team and platform admins get 403; anyone else 404.
     *
     *     Session cookie, or an API key with the referrals:write scope.
     */
    post: operations["correctReferral"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/referrals/{id}/disputes": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Dispute a referral's rejection or its revenue
     * @description The referral's connector disputes the business's rejection of it, or the revenue recorded when it was completed, within 30 days of that rejection or completion; one open dispute per referral. The business's owner and team are told (in the app and by mail) and dispute.opened is written; the business has its response window (its responseWindowDays, in business days: answerDueAt) to answer. If it accepts, or a platform admin upholds the dispute, the referral becomes completed with the claimed revenue and its commission follows as on any completion or revenue change. The business's team and platform admins get 403; anyone else 404.
     *
     *     Session cookie, or an API key with the referrals:write scope.
     */
    post: operations["openDispute"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/referrals/{id}/messages": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List a referral's messages
     * @description The conversation between the referral's connector and the business's team, oldest first. Its connector, the business's owner and team, and platform admins (who read but do not write) may see it; anyone else gets 404. Reading this list does not mark it read: POST /api/referrals/{id}/messages/read does.
     *
     *     Session cookie, or an API key with the referrals:read scope.
     */
    get: operations["listReferralMessages"];
    put?: never;
    /**
     * Write in a referral's conversation
     * @description The referral's connector, or the business's owner or a team member, writes to the other side. Each reader on the other side gets one more unread message (the sidebar's count) and, if they had nothing unread in this conversation and keep message mail on, one email: further messages are not mailed until they have read it. Posting marks the conversation read for the author. At most 10 messages a minute and 200 a day per user (429 with Retry-After beyond).
     *
     *     Session cookie, or an API key with the referrals:write scope.
     */
    post: operations["postReferralMessage"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/referrals/{id}/messages/read": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Mark a referral's conversation read
     * @description Sets your unread count of this conversation to 0 (the app does this when you open the referral). The next message from the other side is mailed to you again. Its connector and the business's team; platform admins have nothing unread (403).
     *
     *     Session cookie, or an API key with the referrals:read scope.
     */
    post: operations["markReferralMessagesRead"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/referrals/{id}/resend": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Send the introduction again
     * @description The referral's connector sends the introduction mail again, to the same details, while it awaits the person's answer; an unsent earlier one gives way to it. At most once an hour, and with corrections 3 introduction mails per referral a day (429 with Retry-After). The 14 days to answer are not extended. The business's team and platform admins get 403; anyone else 404.
     *
     *     Session cookie, or an API key with the referrals:write scope.
     */
    post: operations["resendIntroduction"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/referrals/{id}/withdraw": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Withdraw a referral before the person answers
     * @description The referral's connector withdraws it while the introduction awaits the person's answer: status rejected with rejectionReason withdrawn, consentStatus cancelled, the person's email and phone erased from the referral and every stored copy (event payloads, messages, notes, mail), the business's team told, and referral.status_changed and referral.consent_changed written, all at once. The introduction link then shows it closed. The business's team and platform admins get 403; anyone else 404.
     *
     *     Session cookie, or an API key with the referrals:write scope.
     */
    post: operations["withdrawReferral"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/statements": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Your monthly statement in one currency
     * @description The calendar month (UTC) in one currency: the opening balance (every entry before the month), the month's commissions, reversals and adjustments, payouts, the closing balance (the opening plus the three, and the next month's opening), and each entry as a line. The same statement as a printable page is /earnings/statements/{YYYY-MM}?currency=SGD and as CSV /earnings/statements/{YYYY-MM}.csv?currency=SGD (with a session).
     *
     *     Session cookie, or an API key with the commissions:read scope.
     */
    get: operations["getStatement"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/team-invitations/{token}/accept": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Accept an invitation
     * @description The signed-in user takes the seat the emailed link offers. The link is the credential: the account's address need not be the invited one, but it must be verified. An account whose address is the invited one need not have verified it first: the link reached that inbox, so accepting verifies the address (emailVerified becomes true). So an invitee signs up (POST /api/auth/signup with the invited email) and accepts at once, without the verification mail. Single use. Platform admins, the business's owner and people already on its team cannot accept.
     *
     *     Session cookie (API keys are refused).
     */
    post: operations["acceptTeamInvitation"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/team-members": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Invite a team member
     * @description The owner or a team admin invites someone by email: the seat is pending (status invited) and an invitation with a single-use link /invitations/{token} is emailed; it lapses after 7 days. Nobody gets the seat by having the address: only a signed-in user with a verified address who accepts the link. Fires team_member.added webhooks. Invitations and resends are limited: 50 a day per business, 20 an hour per inviting user, and 3 a day to one address from one business, re-creating its seat included (429 with Retry-After beyond; nothing is written or mailed).
     *
     *     Session cookie (API keys are refused).
     */
    post: operations["addTeamMember"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/team-members/business/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List a business's team
     * @description Newest first. The business's owner and team, or a platform admin.
     *
     *     Session cookie, or an API key with the team:read scope.
     */
    get: operations["listTeamMembers"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/team-members/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Remove a team member, or revoke an invitation
     * @description Removes a member who joined, or revokes a pending invitation (its link stops working). The owner removes anyone; a team admin removes members and revokes any pending invitation, but does not remove another admin who joined. Fires team_member.removed webhooks.
     *
     *     Session cookie (API keys are refused).
     */
    delete: operations["removeTeamMember"];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/team-members/{id}/invitation": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Resend an invitation
     * @description Sends a pending or lapsed invitation again: 7 more days and a new link; the previous link stops working at once. The owner or a team admin; at most once a minute per seat, and counted with invitations (POST /api/team-members) in their limits.
     *
     *     Session cookie (API keys are refused).
     */
    post: operations["resendTeamInvitation"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/users/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /**
     * Update your account
     * @description One change per request, chosen by the fields sent: with password, a password change (your other sessions end); else with username, a username change; else with profilePhoto, the photo; else the profile (name, email, phone). A new email needs currentPassword; it is unverified until its mailed link is opened, the old address is told, and your other sessions end; at most 3 email changes a day per account (429 with Retry-After beyond). The currentPassword of a password, email or username change counts as entering the password for the next 10 minutes (POST /api/auth/reauthenticate is not needed first). An email left out of the body stays as it is. Wrong current passwords count with the failed logins of your username from your client (POST /api/auth/login): past the limit, 429 with Retry-After.
     *
     *     Session cookie (API keys are refused).
     */
    patch: operations["updateUser"];
    trace?: never;
  };
  "/api/users/{id}/email-preferences": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Which notification emails you get
     * @description One switch per kind of notification mail (true: the mail comes). Account mail (verification, password reset, team invitations) is always sent. Nothing is mailed to an unverified address.
     *
     *     Session cookie (API keys are refused).
     */
    get: operations["getEmailPreferences"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /**
     * Choose which notification emails you get
     * @description The kinds to change, as booleans (a kind left out keeps its setting); false turns that mail off, as its one-click unsubscribe link does. Takes effect for mail not yet sent.
     *
     *     Session cookie (API keys are refused).
     */
    patch: operations["setEmailPreferences"];
    trace?: never;
  };
  "/api/webhook-deliveries/{id}/resend": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Resend a delivery
     * @description Queues the delivery again now, with a fresh set of attempts, whatever its state; the next scheduled run (within a minute) sends it. At most once a minute per delivery and 30 times an hour per endpoint.
     *
     *     Session cookie (API keys are refused).
     */
    post: operations["resendWebhookDelivery"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/webhooks": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List a business's webhook endpoints
     * @description Newest first, with their signing secrets. The business's owner or team admins.
     *
     *     Session cookie (API keys are refused).
     */
    get: operations["listWebhooks"];
    put?: never;
    /**
     * Register a webhook endpoint
     * @description Registers an HTTPS endpoint (port 443, a public host) for some events; the answer includes the endpoint's signing secret (also readable later with GET /api/webhooks/{id}). The URL is checked again before every delivery. A business has at most 10 endpoints.
     *
     *     Session cookie (API keys are refused).
     */
    post: operations["createWebhook"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/webhooks/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get a webhook endpoint
     * @description One endpoint with its signing secret. The business's owner or team admins.
     *
     *     Session cookie (API keys are refused).
     */
    get: operations["getWebhook"];
    put?: never;
    post?: never;
    /**
     * Delete a webhook endpoint
     * @description Removes the endpoint and its delivery log; nothing more is sent to it.
     *
     *     Session cookie (API keys are refused).
     */
    delete: operations["deleteWebhook"];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/webhooks/{id}/deliveries": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List an endpoint's deliveries
     * @description The delivery log, newest first: status, attempts, your endpoint's last answer and the next retry.
     *
     *     Session cookie (API keys are refused).
     */
    get: operations["listWebhookDeliveries"];
    put?: never;
    /**
     * Redeliver an event to an endpoint
     * @description Queues a stored event of the endpoint's business (by its id: from the delivery log, the event feed or a delivery's webhook-id header) to this endpoint, even if the endpoint does not subscribe to its type or did not exist when it happened. The body is the event as first sent, with the same id, so a receiver that already has it can skip it. The next scheduled run (within a minute) sends it; it shows in the delivery log with trigger redelivery. Test events are not redelivered (send a new one). At most once a minute per event and endpoint, within the endpoint's budget of 30 resends, test events and redeliveries an hour. The business's owner or team admins.
     *
     *     Session cookie (API keys are refused).
     */
    post: operations["redeliverWebhookEvent"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/webhooks/{id}/secret/rotate": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Rotate a webhook's signing secret
     * @description Makes a new signing secret and returns the endpoint with it. For the next 24 hours (previousSecretExpiresAt) every delivery is signed with both secrets, two v1 entries in webhook-signature, so your receiver can switch to the new one without missing events; rotating again in that time retires the older one at once. The business's owner or team admins.
     *
     *     Session cookie (API keys are refused).
     */
    post: operations["rotateWebhookSecret"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/webhooks/{id}/secret/upgrade": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Switch a webhook to Standard Webhooks signatures
     * @description For an endpoint made before 2026-11-24 (signatureScheme legacy): from its next delivery on, deliveries carry the Standard Webhooks headers (webhook-id, webhook-timestamp, webhook-signature) signed with the new secret in this answer, instead of Webhook-Signature: t=...,v1=<hex>. There is no overlap (the old secret cannot sign the new way): switch your receiver's verification and secret together, or add a second endpoint, which uses Standard Webhooks from the start, and remove this one once it verifies. Legacy signatures are sent until 2027-05-31. The business's owner or team admins.
     *
     *     Session cookie (API keys are refused).
     */
    post: operations["upgradeWebhookSigning"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/webhooks/{id}/test": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Send a test event
     * @description Queues a ping event (see the Webhooks section) to this endpoint only, signed like every delivery, so you can check that your receiver verifies and acknowledges it; the next scheduled run (within a minute) sends it, and it shows in the delivery log with trigger test. At most once every 10 seconds per endpoint; it counts in the endpoint's budget of 30 resends, test events and redeliveries an hour. The business's owner or team admins.
     *
     *     Session cookie (API keys are refused).
     */
    post: operations["sendWebhookTestEvent"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export interface webhooks {
  "referral.created": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A referral was made to the business
     * @description POSTed to each of the business's endpoints subscribed to referral.created. Verify the signature (webhook-signature) before trusting the body. Any 2xx within 10 s acknowledges; anything else (a redirect, an error, no answer) is retried after 30 s, 60 s, 120 s, 240 s, 480 s, 960 s, 1920 s, 3840 s, 7200 s, 7200 s, 7200 s (12 attempts in all). Deliveries may repeat: use the event id to skip duplicates.
     */
    post: operations["webhook_referral_created"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "referral.status_changed": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * The business changed a referral's status
     * @description POSTed to each of the business's endpoints subscribed to referral.status_changed. Verify the signature (webhook-signature) before trusting the body. Any 2xx within 10 s acknowledges; anything else (a redirect, an error, no answer) is retried after 30 s, 60 s, 120 s, 240 s, 480 s, 960 s, 1920 s, 3840 s, 7200 s, 7200 s, 7200 s (12 attempts in all). Deliveries may repeat: use the event id to skip duplicates.
     */
    post: operations["webhook_referral_status_changed"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "referral.consent_changed": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * The referred person accepted or declined the introduction, or it lapsed
     * @description POSTed to each of the business's endpoints subscribed to referral.consent_changed. Verify the signature (webhook-signature) before trusting the body. Any 2xx within 10 s acknowledges; anything else (a redirect, an error, no answer) is retried after 30 s, 60 s, 120 s, 240 s, 480 s, 960 s, 1920 s, 3840 s, 7200 s, 7200 s, 7200 s (12 attempts in all). Deliveries may repeat: use the event id to skip duplicates.
     */
    post: operations["webhook_referral_consent_changed"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "team_member.added": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Someone was added to the business's team
     * @description POSTed to each of the business's endpoints subscribed to team_member.added. Verify the signature (webhook-signature) before trusting the body. Any 2xx within 10 s acknowledges; anything else (a redirect, an error, no answer) is retried after 30 s, 60 s, 120 s, 240 s, 480 s, 960 s, 1920 s, 3840 s, 7200 s, 7200 s, 7200 s (12 attempts in all). Deliveries may repeat: use the event id to skip duplicates.
     */
    post: operations["webhook_team_member_added"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "team_member.removed": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Someone was removed from the business's team
     * @description POSTed to each of the business's endpoints subscribed to team_member.removed. Verify the signature (webhook-signature) before trusting the body. Any 2xx within 10 s acknowledges; anything else (a redirect, an error, no answer) is retried after 30 s, 60 s, 120 s, 240 s, 480 s, 960 s, 1920 s, 3840 s, 7200 s, 7200 s, 7200 s (12 attempts in all). Deliveries may repeat: use the event id to skip duplicates.
     */
    post: operations["webhook_team_member_removed"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "commission.created": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A completed referral with revenue earned its connector a commission
     * @description POSTed to each of the business's endpoints subscribed to commission.created. Verify the signature (webhook-signature) before trusting the body. Any 2xx within 10 s acknowledges; anything else (a redirect, an error, no answer) is retried after 30 s, 60 s, 120 s, 240 s, 480 s, 960 s, 1920 s, 3840 s, 7200 s, 7200 s, 7200 s (12 attempts in all). Deliveries may repeat: use the event id to skip duplicates.
     */
    post: operations["webhook_commission_created"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "commission.payable": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A commission's hold period ended: it is now payable
     * @description POSTed to each of the business's endpoints subscribed to commission.payable. Verify the signature (webhook-signature) before trusting the body. Any 2xx within 10 s acknowledges; anything else (a redirect, an error, no answer) is retried after 30 s, 60 s, 120 s, 240 s, 480 s, 960 s, 1920 s, 3840 s, 7200 s, 7200 s, 7200 s (12 attempts in all). Deliveries may repeat: use the event id to skip duplicates.
     */
    post: operations["webhook_commission_payable"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "commission.reversed": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A commission no longer stands: its referral left completed or its revenue changed
     * @description POSTed to each of the business's endpoints subscribed to commission.reversed. Verify the signature (webhook-signature) before trusting the body. Any 2xx within 10 s acknowledges; anything else (a redirect, an error, no answer) is retried after 30 s, 60 s, 120 s, 240 s, 480 s, 960 s, 1920 s, 3840 s, 7200 s, 7200 s, 7200 s (12 attempts in all). Deliveries may repeat: use the event id to skip duplicates.
     */
    post: operations["webhook_commission_reversed"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "payout.recorded": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * The business recorded a payout to a connector
     * @description POSTed to each of the business's endpoints subscribed to payout.recorded. Verify the signature (webhook-signature) before trusting the body. Any 2xx within 10 s acknowledges; anything else (a redirect, an error, no answer) is retried after 30 s, 60 s, 120 s, 240 s, 480 s, 960 s, 1920 s, 3840 s, 7200 s, 7200 s, 7200 s (12 attempts in all). Deliveries may repeat: use the event id to skip duplicates.
     */
    post: operations["webhook_payout_recorded"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "payout.requested": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A connector requested a payout of what the business owes them in a currency (issue 38)
     * @description POSTed to each of the business's endpoints subscribed to payout.requested. Verify the signature (webhook-signature) before trusting the body. Any 2xx within 10 s acknowledges; anything else (a redirect, an error, no answer) is retried after 30 s, 60 s, 120 s, 240 s, 480 s, 960 s, 1920 s, 3840 s, 7200 s, 7200 s, 7200 s (12 attempts in all). Deliveries may repeat: use the event id to skip duplicates.
     */
    post: operations["webhook_payout_requested"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "payout.voided": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * The business voided a payout recorded in error (within 7 days): its commissions are payable again, and the ledger reverses its entries
     * @description POSTed to each of the business's endpoints subscribed to payout.voided. Verify the signature (webhook-signature) before trusting the body. Any 2xx within 10 s acknowledges; anything else (a redirect, an error, no answer) is retried after 30 s, 60 s, 120 s, 240 s, 480 s, 960 s, 1920 s, 3840 s, 7200 s, 7200 s, 7200 s (12 attempts in all). Deliveries may repeat: use the event id to skip duplicates.
     */
    post: operations["webhook_payout_voided"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "referral.updated": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * The business recorded progress that kept a referral's status but changed its revenue, currency, notes or rejection reason (a status change is referral.status_changed)
     * @description POSTed to each of the business's endpoints subscribed to referral.updated. Verify the signature (webhook-signature) before trusting the body. Any 2xx within 10 s acknowledges; anything else (a redirect, an error, no answer) is retried after 30 s, 60 s, 120 s, 240 s, 480 s, 960 s, 1920 s, 3840 s, 7200 s, 7200 s, 7200 s (12 attempts in all). Deliveries may repeat: use the event id to skip duplicates.
     */
    post: operations["webhook_referral_updated"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "referral.message_posted": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * The connector or the business's team wrote in a referral's conversation
     * @description POSTed to each of the business's endpoints subscribed to referral.message_posted. Verify the signature (webhook-signature) before trusting the body. Any 2xx within 10 s acknowledges; anything else (a redirect, an error, no answer) is retried after 30 s, 60 s, 120 s, 240 s, 480 s, 960 s, 1920 s, 3840 s, 7200 s, 7200 s, 7200 s (12 attempts in all). Deliveries may repeat: use the event id to skip duplicates.
     */
    post: operations["webhook_referral_message_posted"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "team_member.invitation_resent": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * The owner or a team admin sent a pending (or lapsed) invitation again: a new link, valid 7 days
     * @description POSTed to each of the business's endpoints subscribed to team_member.invitation_resent. Verify the signature (webhook-signature) before trusting the body. Any 2xx within 10 s acknowledges; anything else (a redirect, an error, no answer) is retried after 30 s, 60 s, 120 s, 240 s, 480 s, 960 s, 1920 s, 3840 s, 7200 s, 7200 s, 7200 s (12 attempts in all). Deliveries may repeat: use the event id to skip duplicates.
     */
    post: operations["webhook_team_member_invitation_resent"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "team_member.joined": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Someone accepted an invitation and now holds the seat
     * @description POSTed to each of the business's endpoints subscribed to team_member.joined. Verify the signature (webhook-signature) before trusting the body. Any 2xx within 10 s acknowledges; anything else (a redirect, an error, no answer) is retried after 30 s, 60 s, 120 s, 240 s, 480 s, 960 s, 1920 s, 3840 s, 7200 s, 7200 s, 7200 s (12 attempts in all). Deliveries may repeat: use the event id to skip duplicates.
     */
    post: operations["webhook_team_member_joined"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "business.updated": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * The owner or a team admin changed the business's profile
     * @description POSTed to each of the business's endpoints subscribed to business.updated. Verify the signature (webhook-signature) before trusting the body. Any 2xx within 10 s acknowledges; anything else (a redirect, an error, no answer) is retried after 30 s, 60 s, 120 s, 240 s, 480 s, 960 s, 1920 s, 3840 s, 7200 s, 7200 s, 7200 s (12 attempts in all). Deliveries may repeat: use the event id to skip duplicates.
     */
    post: operations["webhook_business_updated"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "dispute.opened": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A connector disputed a referral's rejection or its completion's revenue
     * @description POSTed to each of the business's endpoints subscribed to dispute.opened. Verify the signature (webhook-signature) before trusting the body. Any 2xx within 10 s acknowledges; anything else (a redirect, an error, no answer) is retried after 30 s, 60 s, 120 s, 240 s, 480 s, 960 s, 1920 s, 3840 s, 7200 s, 7200 s, 7200 s (12 attempts in all). Deliveries may repeat: use the event id to skip duplicates.
     */
    post: operations["webhook_dispute_opened"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "dispute.answered": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * The business accepted a dispute (the referral moved) or disagreed (a platform admin decides)
     * @description POSTed to each of the business's endpoints subscribed to dispute.answered. Verify the signature (webhook-signature) before trusting the body. Any 2xx within 10 s acknowledges; anything else (a redirect, an error, no answer) is retried after 30 s, 60 s, 120 s, 240 s, 480 s, 960 s, 1920 s, 3840 s, 7200 s, 7200 s, 7200 s (12 attempts in all). Deliveries may repeat: use the event id to skip duplicates.
     */
    post: operations["webhook_dispute_answered"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "dispute.resolved": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A platform admin upheld a dispute (the referral moved) or dismissed it
     * @description POSTed to each of the business's endpoints subscribed to dispute.resolved. Verify the signature (webhook-signature) before trusting the body. Any 2xx within 10 s acknowledges; anything else (a redirect, an error, no answer) is retried after 30 s, 60 s, 120 s, 240 s, 480 s, 960 s, 1920 s, 3840 s, 7200 s, 7200 s, 7200 s (12 attempts in all). Deliveries may repeat: use the event id to skip duplicates.
     */
    post: operations["webhook_dispute_resolved"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  ping: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A test event, sent to one endpoint when asked for (Send Test Event, POST /api/webhooks/{id}/test)
     * @description POSTed to one endpoint when a test event is asked for (POST /api/webhooks/{id}/test or Send Test Event); endpoints do not subscribe to it and the event feed does not list it. Verify the signature (webhook-signature) before trusting the body. Any 2xx within 10 s acknowledges; anything else (a redirect, an error, no answer) is retried after 30 s, 60 s, 120 s, 240 s, 480 s, 960 s, 1920 s, 3840 s, 7200 s, 7200 s, 7200 s (12 attempts in all). Deliveries may repeat: use the event id to skip duplicates.
     */
    post: operations["webhook_ping"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export interface components {
  schemas: {
    ReferralCreatedEvent: {
      /** @description Event id (evt_...), also in the Webhook-Id header; the same on every retry */
      id: string;
      /** @constant */
      type: "referral.created";
      /**
       * @description The payload's version for this type: fields may be added within a version; a removed, renamed or retyped field, or a change of when the event fires, is a new version
       * @constant
       */
      version: 1;
      /**
       * Format: date-time
       * @description UTC timestamp (ISO 8601)
       */
      createdAt: string;
      /** @description The business the event belongs to */
      businessId: number;
      data: components["schemas"]["WebhookReferral"];
    };
    WebhookReferral: {
      /** @description Referral id */
      id: number;
      /** @description Connector id */
      connectorId: number;
      /** @description Business id */
      businessId: number;
      referredPersonName: string;
      /** @description Null until the person accepts the introduction (except for the connector who made the referral), and for everyone once declined or lapsed */
      referredPersonEmail: string | null;
      /** @description As referredPersonEmail */
      referredPersonPhone: string | null;
      /**
       * @description Whether the referred person agreed to the introduction: awaiting (asked by email), given, declined, expired (no answer within 14 days), or cancelled (the connector withdrew the referral before they answered: POST /api/referrals/{id}/withdraw)
       * @enum {string}
       */
      consentStatus: "awaiting" | "given" | "declined" | "expired" | "cancelled";
      /** @description When the person answered or the introduction lapsed */
      consentDecidedAt: string | null;
      cashbackPercentage: number;
      notes: string | null;
      /** @enum {string} */
      status: "pending" | "approved" | "completed" | "rejected";
      revenueReceived: number | null;
      /** @enum {string} */
      revenueCurrency: "SGD" | "USD" | "EUR" | "GBP" | "AUD" | "JPY" | "CNY" | "HKD" | "MYR" | "IDR";
      statusNotes: string | null;
      feeAmount: number | null;
      /**
       * Format: date-time
       * @description UTC timestamp (ISO 8601)
       */
      createdAt: string;
      /**
       * Format: date-time
       * @description UTC timestamp (ISO 8601)
       */
      updatedAt: string;
      businessName: string;
      connectorName: string;
      termsSnapshot: components["schemas"]["TermsSnapshot"];
      cashbackProposal: components["schemas"]["CashbackProposal"];
      /** @description Why it was rejected (status rejected only; null otherwise): the business's choice (not_a_fit, already_a_customer, could_not_reach, duplicate, other) or the lifecycle's own (person_declined: the person declined or withdrew before completion; no_answer: the introduction lapsed; withdrawn: the connector withdrew it; not_confirmed: the connector did not confirm a referral the business registered) */
      rejectionReason: ("not_a_fit" | "already_a_customer" | "could_not_reach" | "duplicate" | "other" | "person_declined" | "no_answer" | "withdrawn" | "not_confirmed") | null;
      /** @description When the business's decision is due: the business's response window in business days (weekends in UTC skipped) from the referred person's consent; null before consent and for referrals made before the clock existed */
      reviewDueAt: string | null;
      /**
       * @description Present (true) once the person's details were erased (a decline, a withdrawal, a lapse): this payload's referredPersonEmail and referredPersonPhone now read null wherever it is served again (the event feed, a retry, a redelivery), and their email or phone quoted in any text reads [erased] (decision 125)
       * @constant
       */
      personErased?: true;
      /**
       * @description connector: the connector made it; business: a business key registered it for a connector who introduced the person offline; person: the person introduced themselves through the connector's personal link (/refer/{businessId}?via={code}) and consents by confirming their email address
       * @enum {string}
       */
      registeredBy: "connector" | "business" | "person";
      /**
       * @description awaiting: a business registered it and its connector has not confirmed it yet (it credits them, counts in figures, can be approved and is introduced to the person only once confirmed); confirmed otherwise
       * @enum {string}
       */
      connectorConfirmation: "confirmed" | "awaiting";
    };
    /** @description The terms this referral was made under; later edits of the business profile apply to new referrals only */
    TermsSnapshot: {
      /** @description The business's referral fee when the referral was made */
      referralFee: string;
      /** @description The business's referral terms when the referral was made */
      referralTerms: string;
      /**
       * Format: date-time
       * @description UTC timestamp (ISO 8601)
       */
      capturedAt: string;
      /** @description How the fee is stated: a percentage of the revenue or a flat amount, when the referral was made; all null when the fee was free text the platform could not read (then the connector's cashbackPercentage pays) */
      feeKind: ("percentage" | "flat") | null;
      /** @description The percentage (feeKind percentage), e.g. 12.5 */
      feePercentage: number | null;
      /** @description The flat amount in feeCurrency units, e.g. 500 (feeKind flat): paid on completion, whatever the revenue */
      feeAmount: number | null;
      /** @description The flat amount's currency (feeKind flat) */
      feeCurrency: ("SGD" | "USD" | "EUR" | "GBP" | "AUD" | "JPY" | "CNY" | "HKD" | "MYR" | "IDR") | null;
    };
    /** @description A cashbackPercentage other than the business's percentage fee is a proposal the business accepts or declines (PATCH /api/referrals/{id} with cashbackProposal); null when there is none (the cashback equals the fee, the fee is flat, or it was free text) */
    CashbackProposal: {
      /**
       * @description proposed: the business has not answered (the frozen fee pays meanwhile); accepted: the cashback pays; declined: the frozen fee pays
       * @enum {string}
       */
      status: "proposed" | "accepted" | "declined";
      /** @description The connector's proposed percentage */
      cashbackPercentage: number;
      /** @description The frozen percentage fee it departs from */
      feePercentage: number | null;
    } | null;
    ReferralStatusChangedEvent: {
      /** @description Event id (evt_...), also in the Webhook-Id header; the same on every retry */
      id: string;
      /** @constant */
      type: "referral.status_changed";
      /**
       * @description The payload's version for this type: fields may be added within a version; a removed, renamed or retyped field, or a change of when the event fires, is a new version
       * @constant
       */
      version: 1;
      /**
       * Format: date-time
       * @description UTC timestamp (ISO 8601)
       */
      createdAt: string;
      /** @description The business the event belongs to */
      businessId: number;
      data: components["schemas"]["WebhookReferralChange"];
    };
    WebhookReferralChange: {
      /** @description Referral id */
      id: number;
      /** @description Connector id */
      connectorId: number;
      /** @description Business id */
      businessId: number;
      referredPersonName: string;
      /** @description Null until the person accepts the introduction (except for the connector who made the referral), and for everyone once declined or lapsed */
      referredPersonEmail: string | null;
      /** @description As referredPersonEmail */
      referredPersonPhone: string | null;
      /**
       * @description Whether the referred person agreed to the introduction: awaiting (asked by email), given, declined, expired (no answer within 14 days), or cancelled (the connector withdrew the referral before they answered: POST /api/referrals/{id}/withdraw)
       * @enum {string}
       */
      consentStatus: "awaiting" | "given" | "declined" | "expired" | "cancelled";
      /** @description When the person answered or the introduction lapsed */
      consentDecidedAt: string | null;
      cashbackPercentage: number;
      notes: string | null;
      /** @enum {string} */
      status: "pending" | "approved" | "completed" | "rejected";
      revenueReceived: number | null;
      /** @enum {string} */
      revenueCurrency: "SGD" | "USD" | "EUR" | "GBP" | "AUD" | "JPY" | "CNY" | "HKD" | "MYR" | "IDR";
      statusNotes: string | null;
      feeAmount: number | null;
      /**
       * Format: date-time
       * @description UTC timestamp (ISO 8601)
       */
      createdAt: string;
      /**
       * Format: date-time
       * @description UTC timestamp (ISO 8601)
       */
      updatedAt: string;
      businessName: string;
      connectorName: string;
      termsSnapshot: components["schemas"]["TermsSnapshot"];
      cashbackProposal: components["schemas"]["CashbackProposal"];
      /** @description Why it was rejected (status rejected only; null otherwise): the business's choice (not_a_fit, already_a_customer, could_not_reach, duplicate, other) or the lifecycle's own (person_declined: the person declined or withdrew before completion; no_answer: the introduction lapsed; withdrawn: the connector withdrew it; not_confirmed: the connector did not confirm a referral the business registered) */
      rejectionReason: ("not_a_fit" | "already_a_customer" | "could_not_reach" | "duplicate" | "other" | "person_declined" | "no_answer" | "withdrawn" | "not_confirmed") | null;
      /** @description When the business's decision is due: the business's response window in business days (weekends in UTC skipped) from the referred person's consent; null before consent and for referrals made before the clock existed */
      reviewDueAt: string | null;
      /**
       * @description Present (true) once the person's details were erased (a decline, a withdrawal, a lapse): this payload's referredPersonEmail and referredPersonPhone now read null wherever it is served again (the event feed, a retry, a redelivery), and their email or phone quoted in any text reads [erased] (decision 125)
       * @constant
       */
      personErased?: true;
      /**
       * @description connector: the connector made it; business: a business key registered it for a connector who introduced the person offline; person: the person introduced themselves through the connector's personal link (/refer/{businessId}?via={code}) and consents by confirming their email address
       * @enum {string}
       */
      registeredBy: "connector" | "business" | "person";
      /**
       * @description awaiting: a business registered it and its connector has not confirmed it yet (it credits them, counts in figures, can be approved and is introduced to the person only once confirmed); confirmed otherwise
       * @enum {string}
       */
      connectorConfirmation: "confirmed" | "awaiting";
      /** @enum {string} */
      previousStatus: "pending" | "approved" | "completed" | "rejected";
    };
    ReferralConsentChangedEvent: {
      /** @description Event id (evt_...), also in the Webhook-Id header; the same on every retry */
      id: string;
      /** @constant */
      type: "referral.consent_changed";
      /**
       * @description The payload's version for this type: fields may be added within a version; a removed, renamed or retyped field, or a change of when the event fires, is a new version
       * @constant
       */
      version: 1;
      /**
       * Format: date-time
       * @description UTC timestamp (ISO 8601)
       */
      createdAt: string;
      /** @description The business the event belongs to */
      businessId: number;
      data: components["schemas"]["WebhookReferralConsentChange"];
    };
    WebhookReferralConsentChange: {
      /** @description Referral id */
      id: number;
      /** @description Connector id */
      connectorId: number;
      /** @description Business id */
      businessId: number;
      referredPersonName: string;
      /** @description Null until the person accepts the introduction (except for the connector who made the referral), and for everyone once declined or lapsed */
      referredPersonEmail: string | null;
      /** @description As referredPersonEmail */
      referredPersonPhone: string | null;
      /**
       * @description Whether the referred person agreed to the introduction: awaiting (asked by email), given, declined, expired (no answer within 14 days), or cancelled (the connector withdrew the referral before they answered: POST /api/referrals/{id}/withdraw)
       * @enum {string}
       */
      consentStatus: "awaiting" | "given" | "declined" | "expired" | "cancelled";
      /** @description When the person answered or the introduction lapsed */
      consentDecidedAt: string | null;
      cashbackPercentage: number;
      notes: string | null;
      /** @enum {string} */
      status: "pending" | "approved" | "completed" | "rejected";
      revenueReceived: number | null;
      /** @enum {string} */
      revenueCurrency: "SGD" | "USD" | "EUR" | "GBP" | "AUD" | "JPY" | "CNY" | "HKD" | "MYR" | "IDR";
      statusNotes: string | null;
      feeAmount: number | null;
      /**
       * Format: date-time
       * @description UTC timestamp (ISO 8601)
       */
      createdAt: string;
      /**
       * Format: date-time
       * @description UTC timestamp (ISO 8601)
       */
      updatedAt: string;
      businessName: string;
      connectorName: string;
      termsSnapshot: components["schemas"]["TermsSnapshot"];
      cashbackProposal: components["schemas"]["CashbackProposal"];
      /** @description Why it was rejected (status rejected only; null otherwise): the business's choice (not_a_fit, already_a_customer, could_not_reach, duplicate, other) or the lifecycle's own (person_declined: the person declined or withdrew before completion; no_answer: the introduction lapsed; withdrawn: the connector withdrew it; not_confirmed: the connector did not confirm a referral the business registered) */
      rejectionReason: ("not_a_fit" | "already_a_customer" | "could_not_reach" | "duplicate" | "other" | "person_declined" | "no_answer" | "withdrawn" | "not_confirmed") | null;
      /** @description When the business's decision is due: the business's response window in business days (weekends in UTC skipped) from the referred person's consent; null before consent and for referrals made before the clock existed */
      reviewDueAt: string | null;
      /**
       * @description Present (true) once the person's details were erased (a decline, a withdrawal, a lapse): this payload's referredPersonEmail and referredPersonPhone now read null wherever it is served again (the event feed, a retry, a redelivery), and their email or phone quoted in any text reads [erased] (decision 125)
       * @constant
       */
      personErased?: true;
      /**
       * @description connector: the connector made it; business: a business key registered it for a connector who introduced the person offline; person: the person introduced themselves through the connector's personal link (/refer/{businessId}?via={code}) and consents by confirming their email address
       * @enum {string}
       */
      registeredBy: "connector" | "business" | "person";
      /**
       * @description awaiting: a business registered it and its connector has not confirmed it yet (it credits them, counts in figures, can be approved and is introduced to the person only once confirmed); confirmed otherwise
       * @enum {string}
       */
      connectorConfirmation: "confirmed" | "awaiting";
      /**
       * @description awaiting, or given when the person withdrew
       * @enum {string}
       */
      previousConsentStatus: "awaiting" | "given" | "declined" | "expired" | "cancelled";
    };
    TeamMemberAddedEvent: {
      /** @description Event id (evt_...), also in the Webhook-Id header; the same on every retry */
      id: string;
      /** @constant */
      type: "team_member.added";
      /**
       * @description The payload's version for this type: fields may be added within a version; a removed, renamed or retyped field, or a change of when the event fires, is a new version
       * @constant
       */
      version: 1;
      /**
       * Format: date-time
       * @description UTC timestamp (ISO 8601)
       */
      createdAt: string;
      /** @description The business the event belongs to */
      businessId: number;
      data: components["schemas"]["WebhookTeamMember"];
    };
    WebhookTeamMember: {
      /** @description Team member id */
      id: number;
      /** @description Business id */
      businessId: number;
      name: string;
      email: string;
      /** @enum {string} */
      role: "admin" | "member";
      /** @description Present on team_member.removed */
      registered?: boolean;
      /**
       * @description Present on team_member.removed
       * @enum {string}
       */
      status?: "active" | "invited" | "expired";
      /** @description Present on team_member.removed */
      invitationExpiresAt?: string | null;
      /** @description Present on team_member.removed: the name the invitation was sent to (name is the account's once accepted) */
      invitedName?: string;
      /** @description Present on team_member.removed: the address the invitation was sent to (decision 113) */
      invitedEmail?: string;
      /**
       * Format: date-time
       * @description UTC timestamp (ISO 8601)
       */
      createdAt: string;
    };
    TeamMemberRemovedEvent: {
      /** @description Event id (evt_...), also in the Webhook-Id header; the same on every retry */
      id: string;
      /** @constant */
      type: "team_member.removed";
      /**
       * @description The payload's version for this type: fields may be added within a version; a removed, renamed or retyped field, or a change of when the event fires, is a new version
       * @constant
       */
      version: 1;
      /**
       * Format: date-time
       * @description UTC timestamp (ISO 8601)
       */
      createdAt: string;
      /** @description The business the event belongs to */
      businessId: number;
      data: components["schemas"]["WebhookTeamMember"];
    };
    CommissionCreatedEvent: {
      /** @description Event id (evt_...), also in the Webhook-Id header; the same on every retry */
      id: string;
      /** @constant */
      type: "commission.created";
      /**
       * @description The payload's version for this type: fields may be added within a version; a removed, renamed or retyped field, or a change of when the event fires, is a new version
       * @constant
       */
      version: 1;
      /**
       * Format: date-time
       * @description UTC timestamp (ISO 8601)
       */
      createdAt: string;
      /** @description The business the event belongs to */
      businessId: number;
      data: components["schemas"]["WebhookCommission"];
    };
    WebhookCommission: {
      /** @description Commission id */
      id: number;
      /** @description The referral that earned it */
      referralId: number;
      /** @description Who earned it */
      connectorId: number;
      /** @description Who owes it */
      businessId: number;
      /** @enum {string} */
      kind: "commission" | "adjustment";
      /** @enum {string} */
      status: "pending" | "payable" | "paid" | "reversed";
      /** @description The amount, in the currency's minor units (cents; whole yen for JPY) */
      amountMinor: number;
      /** @description The same amount as a decimal string with the currency's own decimals */
      amount: string;
      /** @enum {string} */
      currency: "SGD" | "USD" | "EUR" | "GBP" | "AUD" | "JPY" | "CNY" | "HKD" | "MYR" | "IDR";
      /**
       * Format: date-time
       * @description UTC timestamp (ISO 8601)
       */
      payableAt: string;
    };
    CommissionPayableEvent: {
      /** @description Event id (evt_...), also in the Webhook-Id header; the same on every retry */
      id: string;
      /** @constant */
      type: "commission.payable";
      /**
       * @description The payload's version for this type: fields may be added within a version; a removed, renamed or retyped field, or a change of when the event fires, is a new version
       * @constant
       */
      version: 1;
      /**
       * Format: date-time
       * @description UTC timestamp (ISO 8601)
       */
      createdAt: string;
      /** @description The business the event belongs to */
      businessId: number;
      data: components["schemas"]["WebhookCommission"];
    };
    CommissionReversedEvent: {
      /** @description Event id (evt_...), also in the Webhook-Id header; the same on every retry */
      id: string;
      /** @constant */
      type: "commission.reversed";
      /**
       * @description The payload's version for this type: fields may be added within a version; a removed, renamed or retyped field, or a change of when the event fires, is a new version
       * @constant
       */
      version: 1;
      /**
       * Format: date-time
       * @description UTC timestamp (ISO 8601)
       */
      createdAt: string;
      /** @description The business the event belongs to */
      businessId: number;
      data: components["schemas"]["WebhookCommissionReversal"];
    };
    WebhookCommissionReversal: {
      /** @description The commission that no longer stands */
      id: number;
      /**
       * @description pending or payable: reversed; paid: clawed back by an adjustment
       * @enum {string}
       */
      previousStatus: "pending" | "payable" | "paid" | "reversed";
      /** @enum {string} */
      reason: "left_completed" | "revenue_changed";
      /** @description Its amount, in the currency's minor units (cents; whole yen for JPY) */
      amountMinor: number;
      /** @description The same amount as a decimal string with the currency's own decimals */
      amount: string;
      /** @enum {string} */
      currency: "SGD" | "USD" | "EUR" | "GBP" | "AUD" | "JPY" | "CNY" | "HKD" | "MYR" | "IDR";
      /** @description For a paid commission: the adjustment the next payout nets off */
      adjustment: {
        /** @description The negative adjustment, in the currency's minor units (cents; whole yen for JPY) */
        amountMinor: number;
        /** @description The same amount as a decimal string with the currency's own decimals */
        amount: string;
      } | null;
    };
    PayoutRecordedEvent: {
      /** @description Event id (evt_...), also in the Webhook-Id header; the same on every retry */
      id: string;
      /** @constant */
      type: "payout.recorded";
      /**
       * @description The payload's version for this type: fields may be added within a version; a removed, renamed or retyped field, or a change of when the event fires, is a new version
       * @constant
       */
      version: 1;
      /**
       * Format: date-time
       * @description UTC timestamp (ISO 8601)
       */
      createdAt: string;
      /** @description The business the event belongs to */
      businessId: number;
      data: components["schemas"]["WebhookPayout"];
    };
    WebhookPayout: components["schemas"]["Payout"];
    Payout: {
      /** @description Payout id */
      id: number;
      /** @description Who paid */
      businessId: number;
      /** @description Who was paid */
      connectorId: number;
      /** @enum {string} */
      currency: "SGD" | "USD" | "EUR" | "GBP" | "AUD" | "JPY" | "CNY" | "HKD" | "MYR" | "IDR";
      /** @description The total paid: its commissions net of its adjustments, in the currency's minor units (cents; whole yen for JPY) */
      amountMinor: number;
      /** @description The same amount as a decimal string with the currency's own decimals */
      amount: string;
      /** @enum {string} */
      method: "bank_transfer" | "paynow" | "paypal" | "wise" | "cheque" | "cash" | "other";
      /** @description The bank or PayNow reference */
      reference: string;
      /**
       * Format: date-time
       * @description UTC timestamp (ISO 8601)
       */
      paidAt: string;
      recordedByUserId: number | null;
      /**
       * Format: date-time
       * @description UTC timestamp (ISO 8601)
       */
      createdAt: string;
      /** @description The commissions (and adjustments) it settled */
      commissionIds: number[];
      /** @description When the business voided it (recorded in error; its commissions are payable again), or null */
      voidedAt: string | null;
      /** @description Why the business voided it, or null */
      voidReason: string | null;
    };
    PayoutRequestedEvent: {
      /** @description Event id (evt_...), also in the Webhook-Id header; the same on every retry */
      id: string;
      /** @constant */
      type: "payout.requested";
      /**
       * @description The payload's version for this type: fields may be added within a version; a removed, renamed or retyped field, or a change of when the event fires, is a new version
       * @constant
       */
      version: 1;
      /**
       * Format: date-time
       * @description UTC timestamp (ISO 8601)
       */
      createdAt: string;
      /** @description The business the event belongs to */
      businessId: number;
      data: components["schemas"]["WebhookPayoutRequest"];
    };
    WebhookPayoutRequest: components["schemas"]["PayoutRequest"];
    PayoutRequest: {
      /** @description Payout request id */
      id: number;
      /** @description Who is asked to pay */
      businessId: number;
      businessName: string;
      /** @description Who asks to be paid */
      connectorId: number;
      connectorName: string;
      /** @enum {string} */
      currency: "SGD" | "USD" | "EUR" | "GBP" | "AUD" | "JPY" | "CNY" | "HKD" | "MYR" | "IDR";
      /** @description The payable balance when requested (commissions net of adjustments), in the currency's minor units (cents; whole yen for JPY) */
      amountMinor: number;
      /** @description The same amount as a decimal string with the currency's own decimals */
      amount: string;
      /**
       * @description open: unpaid and not yet due; overdue: unpaid past its due date; paid: a payout settled it
       * @enum {string}
       */
      state: "open" | "overdue" | "paid";
      /**
       * Format: date-time
       * @description UTC timestamp (ISO 8601)
       */
      requestedAt: string;
      /**
       * Format: date-time
       * @description UTC timestamp (ISO 8601)
       */
      dueAt: string;
      /** @description The payout that settled it */
      payoutId: number | null;
      paidAt: string | null;
    };
    PayoutVoidedEvent: {
      /** @description Event id (evt_...), also in the Webhook-Id header; the same on every retry */
      id: string;
      /** @constant */
      type: "payout.voided";
      /**
       * @description The payload's version for this type: fields may be added within a version; a removed, renamed or retyped field, or a change of when the event fires, is a new version
       * @constant
       */
      version: 1;
      /**
       * Format: date-time
       * @description UTC timestamp (ISO 8601)
       */
      createdAt: string;
      /** @description The business the event belongs to */
      businessId: number;
      data: components["schemas"]["WebhookPayout"];
    };
    ReferralUpdatedEvent: {
      /** @description Event id (evt_...), also in the Webhook-Id header; the same on every retry */
      id: string;
      /** @constant */
      type: "referral.updated";
      /**
       * @description The payload's version for this type: fields may be added within a version; a removed, renamed or retyped field, or a change of when the event fires, is a new version
       * @constant
       */
      version: 1;
      /**
       * Format: date-time
       * @description UTC timestamp (ISO 8601)
       */
      createdAt: string;
      /** @description The business the event belongs to */
      businessId: number;
      data: components["schemas"]["WebhookReferralUpdate"];
    };
    WebhookReferralUpdate: {
      /** @description Referral id */
      id: number;
      /** @description Connector id */
      connectorId: number;
      /** @description Business id */
      businessId: number;
      referredPersonName: string;
      /** @description Null until the person accepts the introduction (except for the connector who made the referral), and for everyone once declined or lapsed */
      referredPersonEmail: string | null;
      /** @description As referredPersonEmail */
      referredPersonPhone: string | null;
      /**
       * @description Whether the referred person agreed to the introduction: awaiting (asked by email), given, declined, expired (no answer within 14 days), or cancelled (the connector withdrew the referral before they answered: POST /api/referrals/{id}/withdraw)
       * @enum {string}
       */
      consentStatus: "awaiting" | "given" | "declined" | "expired" | "cancelled";
      /** @description When the person answered or the introduction lapsed */
      consentDecidedAt: string | null;
      cashbackPercentage: number;
      notes: string | null;
      /** @enum {string} */
      status: "pending" | "approved" | "completed" | "rejected";
      revenueReceived: number | null;
      /** @enum {string} */
      revenueCurrency: "SGD" | "USD" | "EUR" | "GBP" | "AUD" | "JPY" | "CNY" | "HKD" | "MYR" | "IDR";
      statusNotes: string | null;
      feeAmount: number | null;
      /**
       * Format: date-time
       * @description UTC timestamp (ISO 8601)
       */
      createdAt: string;
      /**
       * Format: date-time
       * @description UTC timestamp (ISO 8601)
       */
      updatedAt: string;
      businessName: string;
      connectorName: string;
      termsSnapshot: components["schemas"]["TermsSnapshot"];
      cashbackProposal: components["schemas"]["CashbackProposal"];
      /** @description Why it was rejected (status rejected only; null otherwise): the business's choice (not_a_fit, already_a_customer, could_not_reach, duplicate, other) or the lifecycle's own (person_declined: the person declined or withdrew before completion; no_answer: the introduction lapsed; withdrawn: the connector withdrew it; not_confirmed: the connector did not confirm a referral the business registered) */
      rejectionReason: ("not_a_fit" | "already_a_customer" | "could_not_reach" | "duplicate" | "other" | "person_declined" | "no_answer" | "withdrawn" | "not_confirmed") | null;
      /** @description When the business's decision is due: the business's response window in business days (weekends in UTC skipped) from the referred person's consent; null before consent and for referrals made before the clock existed */
      reviewDueAt: string | null;
      /**
       * @description Present (true) once the person's details were erased (a decline, a withdrawal, a lapse): this payload's referredPersonEmail and referredPersonPhone now read null wherever it is served again (the event feed, a retry, a redelivery), and their email or phone quoted in any text reads [erased] (decision 125)
       * @constant
       */
      personErased?: true;
      /**
       * @description connector: the connector made it; business: a business key registered it for a connector who introduced the person offline; person: the person introduced themselves through the connector's personal link (/refer/{businessId}?via={code}) and consents by confirming their email address
       * @enum {string}
       */
      registeredBy: "connector" | "business" | "person";
      /**
       * @description awaiting: a business registered it and its connector has not confirmed it yet (it credits them, counts in figures, can be approved and is introduced to the person only once confirmed); confirmed otherwise
       * @enum {string}
       */
      connectorConfirmation: "confirmed" | "awaiting";
      /** @description The fields this update changed (the referral's status did not change) */
      changedFields: ("revenueReceived" | "revenueCurrency" | "statusNotes" | "feeAmount" | "rejectionReason" | "connectorConfirmation")[];
    };
    ReferralMessagePostedEvent: {
      /** @description Event id (evt_...), also in the Webhook-Id header; the same on every retry */
      id: string;
      /** @constant */
      type: "referral.message_posted";
      /**
       * @description The payload's version for this type: fields may be added within a version; a removed, renamed or retyped field, or a change of when the event fires, is a new version
       * @constant
       */
      version: 1;
      /**
       * Format: date-time
       * @description UTC timestamp (ISO 8601)
       */
      createdAt: string;
      /** @description The business the event belongs to */
      businessId: number;
      data: components["schemas"]["ReferralMessage"];
    };
    ReferralMessage: {
      /** @description Message id */
      id: number;
      /** @description The referral the conversation is about */
      referralId: number;
      /**
       * @description connector, or business (the owner or a team member)
       * @enum {string}
       */
      authorSide: "connector" | "business";
      /** @description The author's name; null once their account is deleted */
      authorName: string | null;
      /** @description The text as written (trimmed); plain text, never HTML */
      body: string;
      /**
       * Format: date-time
       * @description UTC timestamp (ISO 8601)
       */
      createdAt: string;
    };
    TeamMemberInvitationResentEvent: {
      /** @description Event id (evt_...), also in the Webhook-Id header; the same on every retry */
      id: string;
      /** @constant */
      type: "team_member.invitation_resent";
      /**
       * @description The payload's version for this type: fields may be added within a version; a removed, renamed or retyped field, or a change of when the event fires, is a new version
       * @constant
       */
      version: 1;
      /**
       * Format: date-time
       * @description UTC timestamp (ISO 8601)
       */
      createdAt: string;
      /** @description The business the event belongs to */
      businessId: number;
      data: components["schemas"]["TeamMember"];
    };
    TeamMember: {
      /** @description Team member id */
      id: number;
      /** @description Business id */
      businessId: number;
      /** @description Once accepted, the name of the account holding the seat (it may differ from invitedName); until then, the invited name */
      name: string;
      /** @description Once accepted, the email of the account holding the seat (an invitation may be forwarded); until then, the invited address */
      email: string;
      /** @description The name the invitation was sent to, kept for the record */
      invitedName: string;
      /** @description The address the invitation was sent to, kept for the record */
      invitedEmail: string;
      /** @enum {string} */
      role: "admin" | "member";
      /** @description Whether a user holds the seat (true once the invitation is accepted) */
      registered: boolean;
      /**
       * @description active: a user holds the seat; invited: the invitation is pending; expired: it lapsed (resend it)
       * @enum {string}
       */
      status: "active" | "invited" | "expired";
      /** @description When the pending invitation lapses (7 days after it was last sent); null once accepted */
      invitationExpiresAt: string | null;
      /**
       * Format: date-time
       * @description UTC timestamp (ISO 8601)
       */
      createdAt: string;
    };
    TeamMemberJoinedEvent: {
      /** @description Event id (evt_...), also in the Webhook-Id header; the same on every retry */
      id: string;
      /** @constant */
      type: "team_member.joined";
      /**
       * @description The payload's version for this type: fields may be added within a version; a removed, renamed or retyped field, or a change of when the event fires, is a new version
       * @constant
       */
      version: 1;
      /**
       * Format: date-time
       * @description UTC timestamp (ISO 8601)
       */
      createdAt: string;
      /** @description The business the event belongs to */
      businessId: number;
      data: components["schemas"]["TeamMember"];
    };
    BusinessUpdatedEvent: {
      /** @description Event id (evt_...), also in the Webhook-Id header; the same on every retry */
      id: string;
      /** @constant */
      type: "business.updated";
      /**
       * @description The payload's version for this type: fields may be added within a version; a removed, renamed or retyped field, or a change of when the event fires, is a new version
       * @constant
       */
      version: 1;
      /**
       * Format: date-time
       * @description UTC timestamp (ISO 8601)
       */
      createdAt: string;
      /** @description The business the event belongs to */
      businessId: number;
      data: components["schemas"]["WebhookBusinessUpdate"];
    };
    WebhookBusinessUpdate: {
      /** @description Business id */
      id: number;
      /** @description The owner's user id */
      userId: number;
      companyName: string;
      description: string | null;
      sector: string | null;
      nature: string | null;
      /** @description Unique Entity Number (registration number) */
      uen: string;
      address: string;
      website: string | null;
      /** @description The fee as shown, derived from the structured fee below: "12.5%", "$500" (US dollars), "SGD 500" (every other currency by its code); free text from before until the owner states it */
      referralFee: string;
      referralTerms: string;
      contactPerson: string;
      contactPhone: string;
      contactEmail: string;
      /** @enum {string} */
      accountType: "company" | "freelancer";
      /** @description Business days the business gives itself to decide on a referral once its person consented (1 to 30, default 5) */
      responseWindowDays: number;
      /** @description Hold period: days after a referral completes before its commission becomes payable (0 to 90, default 30); each commission keeps the hold it was created with */
      holdDays: number;
      /**
       * Format: date-time
       * @description UTC timestamp (ISO 8601)
       */
      createdAt: string;
      /**
       * Format: date-time
       * @description UTC timestamp (ISO 8601)
       */
      updatedAt: string;
      /** @description The profile fields this save changed */
      changedFields: ("companyName" | "description" | "sector" | "nature" | "uen" | "address" | "website" | "referralFee" | "referralTerms" | "contactPerson" | "contactPhone" | "contactEmail" | "accountType" | "responseWindowDays" | "holdDays")[];
    };
    DisputeOpenedEvent: {
      /** @description Event id (evt_...), also in the Webhook-Id header; the same on every retry */
      id: string;
      /** @constant */
      type: "dispute.opened";
      /**
       * @description The payload's version for this type: fields may be added within a version; a removed, renamed or retyped field, or a change of when the event fires, is a new version
       * @constant
       */
      version: 1;
      /**
       * Format: date-time
       * @description UTC timestamp (ISO 8601)
       */
      createdAt: string;
      /** @description The business the event belongs to */
      businessId: number;
      data: components["schemas"]["WebhookDispute"];
    };
    WebhookDispute: components["schemas"]["Dispute"];
    Dispute: {
      /** @description Dispute id */
      id: number;
      /** @description The disputed referral */
      referralId: number;
      /** @description Who disputes */
      connectorId: number;
      /** @description Whose decision is disputed */
      businessId: number;
      /**
       * @description What is disputed: a rejection, or a completion's revenue
       * @enum {string}
       */
      subject: "rejection" | "completion";
      /** @enum {string} */
      reason: "customer_signed" | "revenue_understated" | "wrong_rejection_reason" | "other";
      /** @description The connector's account of what happened */
      note: string;
      /** @description The revenue the connector says the customer paid, in the currency's minor units (cents; whole yen for JPY) */
      claimedRevenueMinor: number;
      /** @description The same amount as a decimal string with the currency's own decimals */
      claimedRevenue: string;
      /** @enum {string} */
      claimedCurrency: "SGD" | "USD" | "EUR" | "GBP" | "AUD" | "JPY" | "CNY" | "HKD" | "MYR" | "IDR";
      /**
       * @description open (the business has until answerDueAt), business_accepted (settled: the referral moved), business_disagreed (a platform admin decides), upheld (settled: the referral moved) or dismissed
       * @enum {string}
       */
      status: "open" | "business_accepted" | "business_disagreed" | "upheld" | "dismissed";
      /**
       * Format: date-time
       * @description UTC timestamp (ISO 8601)
       */
      answerDueAt: string;
      answerNote: string | null;
      answeredAt: string | null;
      decisionNote: string | null;
      decidedAt: string | null;
      /**
       * Format: date-time
       * @description UTC timestamp (ISO 8601)
       */
      createdAt: string;
    };
    DisputeAnsweredEvent: {
      /** @description Event id (evt_...), also in the Webhook-Id header; the same on every retry */
      id: string;
      /** @constant */
      type: "dispute.answered";
      /**
       * @description The payload's version for this type: fields may be added within a version; a removed, renamed or retyped field, or a change of when the event fires, is a new version
       * @constant
       */
      version: 1;
      /**
       * Format: date-time
       * @description UTC timestamp (ISO 8601)
       */
      createdAt: string;
      /** @description The business the event belongs to */
      businessId: number;
      data: components["schemas"]["WebhookDispute"];
    };
    DisputeResolvedEvent: {
      /** @description Event id (evt_...), also in the Webhook-Id header; the same on every retry */
      id: string;
      /** @constant */
      type: "dispute.resolved";
      /**
       * @description The payload's version for this type: fields may be added within a version; a removed, renamed or retyped field, or a change of when the event fires, is a new version
       * @constant
       */
      version: 1;
      /**
       * Format: date-time
       * @description UTC timestamp (ISO 8601)
       */
      createdAt: string;
      /** @description The business the event belongs to */
      businessId: number;
      data: components["schemas"]["WebhookDispute"];
    };
    PingEvent: {
      /** @description Event id (evt_...), also in the Webhook-Id header; the same on every retry */
      id: string;
      /** @constant */
      type: "ping";
      /**
       * @description The payload's version for this type: fields may be added within a version; a removed, renamed or retyped field, or a change of when the event fires, is a new version
       * @constant
       */
      version: 1;
      /**
       * Format: date-time
       * @description UTC timestamp (ISO 8601)
       */
      createdAt: string;
      /** @description The business the event belongs to */
      businessId: number;
      data: components["schemas"]["WebhookPing"];
    };
    WebhookPing: {
      /** @description The endpoint tested */
      endpointId: number;
      /** @description A fixed text saying this is a test */
      message: string;
    };
    DisputeDecision: {
      /**
       * @description uphold (the referral becomes completed with the claimed revenue, its commission follows) or dismiss
       * @enum {string}
       */
      decision: "uphold" | "dismiss";
      /** @description Why, 1 to 2000 characters: both sides read it */
      note: string;
    };
    Suspension: {
      /** @description true suspends (and logs out) the user; false reinstates */
      suspended: boolean;
    };
    ApiKeyCreate: {
      /** @description A label to tell keys apart (1 to 60 characters) */
      name: string;
      /** @description What the key may do. Personal keys may hold only referrals:read and referrals:write. */
      scopes: ("referrals:read" | "referrals:write" | "team:read" | "commissions:read" | "payouts:write")[];
      /** @description Make a business key for this business (you must be its owner or a team admin); omit for a personal key */
      businessId?: number;
    };
    Login: {
      /** @description Your username (any letter case) */
      username: string;
      /** @description Your password */
      password: string;
    };
    TwoFactorLogin: {
      challenge: string;
      code?: string;
      recoveryCode?: string;
    } & (unknown | unknown);
    PasswordResetRequest: {
      /** Format: email */
      email: string;
    };
    PasswordResetConfirmation: {
      token: string;
      /** @description The new password, at least 6 characters. Not a common password, and hard enough to guess: a zxcvbn score of 3 or more, knowing your name, username, email and the app's name (400 on password otherwise) */
      password: string;
      confirmPassword?: string;
    };
    Reauthenticate: {
      /** @description Your password */
      password: string;
    };
    Signup: {
      username: string;
      /** @description At least 6 characters. Not a common password, and hard enough to guess: a zxcvbn score of 3 or more, knowing your name, username, email and the app's name (400 on password otherwise) */
      password: string;
      name: string;
      /** Format: email */
      email: string;
      /** @description 8 to 20 characters: digits, spaces and + - ( ) */
      phone: string;
      /**
       * @description individual (refers and receives) or business (also registers a business)
       * @default individual
       * @enum {string}
       */
      accountType: "individual" | "business";
    };
    TwoFactorDisable: {
      currentPassword: string;
      code: string;
    };
    TwoFactorCode: {
      code: string;
    };
    EmailVerification: {
      token: string;
    };
    BusinessCreate: {
      companyName: string;
      /** @description Optional; 20 to 1000 characters when given */
      description?: string;
      /** @description Optional; at most 25 words */
      sector?: string;
      /** @description Nature of business; optional, at most 25 words */
      nature?: string;
      /** @description Registration number: 9 to 20 uppercase letters and digits; unique on the platform */
      uen: string;
      address: string;
      /**
       * Format: uri
       * @description Optional http(s) URL
       */
      website?: string;
      /**
       * @description How you state your referral fee: percentage (send feePercentage) or flat (send feeAmount and feeCurrency). When absent, referralFee is read instead (older clients).
       * @enum {string}
       */
      feeKind?: "percentage" | "flat";
      /** @description With feeKind percentage: 0.1 to 100, at most one decimal (e.g. 12.5) */
      feePercentage?: number;
      /** @description With feeKind flat: the amount paid when a referral completes, whatever the revenue, in feeCurrency units (more than 0, at most 1,000,000,000; whole for JPY) */
      feeAmount?: number;
      /**
       * @description With feeKind flat: the amount's currency
       * @enum {string}
       */
      feeCurrency?: "SGD" | "USD" | "EUR" | "GBP" | "AUD" | "JPY" | "CNY" | "HKD" | "MYR" | "IDR";
      /** @description For older clients, read only when feeKind is absent: the fee as text that reads as exactly one fee, a percentage ("10%", "12.5 %") or an amount ("$500" is US dollars, "S$500", "SGD 1,000", "500 EUR"); 400 otherwise. The stored referralFee is always derived from the structured fee ("12.5%", "$500", "SGD 1,000"). */
      referralFee?: string;
      referralTerms: string;
      contactPerson: string;
      /** @description 8 to 20 characters: digits, spaces and + - ( ) */
      contactPhone: string;
      /** Format: email */
      contactEmail: string;
      /**
       * @default company
       * @enum {string}
       */
      accountType: "company" | "freelancer";
      /** @description Business days (1 to 30; weekends in UTC skipped) your team takes to decide on a referral once its person consented. Optional: absent keeps the current window (5 for a new business). A change applies to referrals that consent afterwards. */
      responseWindowDays?: number;
      /** @description Hold period in whole days (0 to 90): how long after a referral completes its commission stays pending before it becomes payable. Optional: absent keeps the current hold (30 for a new business). A change applies to commissions created afterwards. */
      holdDays?: number;
      /** @description Optional; when sent it must be your own user id */
      userId?: number;
    } & ((unknown | {
      referralFee: unknown;
    }) & unknown & unknown);
    BusinessUpdate: {
      companyName: string;
      /** @description Optional; 20 to 1000 characters when given */
      description?: string;
      /** @description Optional; at most 25 words */
      sector?: string;
      /** @description Nature of business; optional, at most 25 words */
      nature?: string;
      /** @description Registration number: 9 to 20 uppercase letters and digits; unique on the platform */
      uen: string;
      address: string;
      /**
       * Format: uri
       * @description Optional http(s) URL
       */
      website?: string;
      /**
       * @description How you state your referral fee: percentage (send feePercentage) or flat (send feeAmount and feeCurrency). When absent, referralFee is read instead (older clients).
       * @enum {string}
       */
      feeKind?: "percentage" | "flat";
      /** @description With feeKind percentage: 0.1 to 100, at most one decimal (e.g. 12.5) */
      feePercentage?: number;
      /** @description With feeKind flat: the amount paid when a referral completes, whatever the revenue, in feeCurrency units (more than 0, at most 1,000,000,000; whole for JPY) */
      feeAmount?: number;
      /**
       * @description With feeKind flat: the amount's currency
       * @enum {string}
       */
      feeCurrency?: "SGD" | "USD" | "EUR" | "GBP" | "AUD" | "JPY" | "CNY" | "HKD" | "MYR" | "IDR";
      /** @description For older clients, read only when feeKind is absent: the fee as text that reads as exactly one fee, a percentage ("10%", "12.5 %") or an amount ("$500" is US dollars, "S$500", "SGD 1,000", "500 EUR"); 400 otherwise. The stored referralFee is always derived from the structured fee ("12.5%", "$500", "SGD 1,000"). */
      referralFee?: string;
      referralTerms: string;
      contactPerson: string;
      /** @description 8 to 20 characters: digits, spaces and + - ( ) */
      contactPhone: string;
      /** Format: email */
      contactEmail: string;
      /**
       * @default company
       * @enum {string}
       */
      accountType: "company" | "freelancer";
      /** @description Business days (1 to 30; weekends in UTC skipped) your team takes to decide on a referral once its person consented. Optional: absent keeps the current window (5 for a new business). A change applies to referrals that consent afterwards. */
      responseWindowDays?: number;
      /** @description Hold period in whole days (0 to 90): how long after a referral completes its commission stays pending before it becomes payable. Optional: absent keeps the current hold (30 for a new business). A change applies to commissions created afterwards. */
      holdDays?: number;
    } & ((unknown | {
      referralFee: unknown;
    }) & unknown & unknown);
    PayoutSettingsUpdate: {
      /** @description Days to pay a payout request, 1 to 90 */
      payoutTermsDays?: number;
      /** @description The least paid out per currency, in minor units; 0 or left out means none */
      minimums?: {
        [key: string]: number;
      };
    };
    DisputeAnswer: {
      /**
       * @description accept (the referral becomes completed with the claimed revenue, its commission follows) or disagree (a platform admin decides)
       * @enum {string}
       */
      answer: "accept" | "disagree";
      /** @description Optional, up to 2000 characters */
      note?: string;
    };
    IntroductionAnswer: {
      /** @enum {string} */
      decision: "accept" | "decline";
      /** @description The person you refer */
      referredPersonName?: string;
      /**
       * Format: email
       * @description Their email address: they are emailed the introduction (/intro/{token}) and asked to accept; the business sees it (and the phone) only once they do
       */
      referredPersonEmail?: string;
      /** @description Their phone number, 8 to 20 characters: digits, spaces and + - ( ) */
      referredPersonPhone?: string;
    };
    MarkRead: {
      /**
       * @description The notification to mark read; null or absent marks all
       * @default null
       */
      id: number | null;
    };
    PayoutMethodInput: {
      /**
       * @description bank_transfer, paynow, duitnow, upi, paypal or wise: says which of the fields below are needed
       * @enum {string}
       */
      kind: "bank_transfer" | "paynow" | "duitnow" | "upi" | "paypal" | "wise";
      /**
       * @description The currency this method is paid in
       * @enum {string}
       */
      currency: "SGD" | "USD" | "EUR" | "GBP" | "AUD" | "JPY" | "CNY" | "HKD" | "MYR" | "IDR";
      /** @description The name on the account (2 to 100 characters) */
      accountHolder: string;
      /** @description bank_transfer: the bank's name */
      bankName?: string;
      /** @description bank_transfer: the local account number (5 to 34 digits), or give iban */
      accountNumber?: string;
      /** @description bank_transfer: the IBAN (its check digits are checked) */
      iban?: string;
      /** @description bank_transfer: SWIFT/BIC, 8 or 11 letters and digits, for transfers across borders */
      swiftBic?: string;
      /** @description bank_transfer: the bank's country, ISO 3166-1 alpha-2 (e.g. SG) */
      country?: string;
      /** @description paynow: mobile or uen; duitnow: mobile, nric, business_registration or passport */
      proxyType?: string;
      /** @description paynow: +65 and 8 digits, or a UEN; duitnow: the ID of proxyType */
      proxy?: string;
      /** @description upi: the UPI ID (name@bank) */
      vpa?: string;
      /** @description paypal, wise: the account's email address */
      email?: string;
      /** @description Make this the default for its currency (the first method of a currency is the default anyway) */
      makeDefault?: boolean;
      /** @description A code from your authenticator app or a recovery code: needed when two-factor authentication is on */
      code?: string;
    };
    PayoutRequestCreate: {
      /** @description The business that owes you */
      businessId: number;
      /**
       * @description The currency of the balance you ask to be paid
       * @enum {string}
       */
      currency: "SGD" | "USD" | "EUR" | "GBP" | "AUD" | "JPY" | "CNY" | "HKD" | "MYR" | "IDR";
    };
    PayoutCreate: {
      businessId: number;
      connectorId: number;
      /** @enum {string} */
      currency: "SGD" | "USD" | "EUR" | "GBP" | "AUD" | "JPY" | "CNY" | "HKD" | "MYR" | "IDR";
      commissionIds: number[];
      /** @enum {string} */
      method: "bank_transfer" | "paynow" | "paypal" | "wise" | "cheque" | "cash" | "other";
      reference: string;
      /** @description The day paid (YYYY-MM-DD, stored as midnight UTC) or an ISO 8601 timestamp with its offset; not in the future, not more than 90 days back, and not before the latest moment one of the listed items became payable (a date alone counts as that whole day) */
      paidAt: string | unknown | unknown;
    };
    PayoutVoid: {
      /** @description Why the payout is voided (shown to the connector) */
      reason: string;
    };
    BusinessRegistration: {
      /** @description 3 to 50 letters, digits and underscores */
      username: string;
      /** @description At least 8 characters with an uppercase letter, a lowercase letter and a digit. Not a common password, and hard enough to guess: a zxcvbn score of 3 or more, knowing your name, username, email and the app's name (400 on password otherwise) */
      password: string;
      name: string;
      /** Format: email */
      email: string;
      phone: string;
      companyName: string;
      description?: string;
      /** @description Optional */
      sector?: string;
      /** @description Optional */
      nature?: string;
      uen: string;
      address: string;
      /** Format: uri */
      website?: string;
      /** @enum {string} */
      feeKind?: "percentage" | "flat";
      feePercentage?: number;
      feeAmount?: number;
      /** @enum {string} */
      feeCurrency?: "SGD" | "USD" | "EUR" | "GBP" | "AUD" | "JPY" | "CNY" | "HKD" | "MYR" | "IDR";
      referralFee?: string;
      referralTerms: string;
      contactPerson: string;
      contactPhone: string;
      /** Format: email */
      contactEmail: string;
      /**
       * @default company
       * @enum {string}
       */
      accountType: "company" | "freelancer";
    } & ((unknown | {
      referralFee: unknown;
    }) & unknown & unknown);
    SelfIntroductionCreate: {
      /** @description The business to refer to (see GET /api/businesses). A business key may only name its own business. */
      businessId: number;
      /** @description The person you refer */
      referredPersonName: string;
      /**
       * Format: email
       * @description Their email address: they are emailed the introduction (/intro/{token}) and asked to accept; the business sees it (and the phone) only once they do
       */
      referredPersonEmail: string;
      /** @description Their phone number, 8 to 20 characters: digits, spaces and + - ( ) */
      referredPersonPhone: string;
      /** @description Anything the business should know (blank counts as absent) */
      notes?: string;
    };
    ReferralCreate: {
      /** @description The business to refer to (see GET /api/businesses). A business key may only name its own business. */
      businessId: number;
      /** @description The person you refer */
      referredPersonName: string;
      /**
       * Format: email
       * @description Their email address: they are emailed the introduction (/intro/{token}) and asked to accept; the business sees it (and the phone) only once they do
       */
      referredPersonEmail: string;
      /** @description Their phone number, 8 to 20 characters: digits, spaces and + - ( ) */
      referredPersonPhone: string;
      /** @description Your cashback, percent of the revenue: 0 to 100, at most one decimal (e.g. 10 or 12.5). Send the business's percentage fee (feePercentage) to take its terms; any other number is a proposal (cashbackProposal) that the business accepts or declines, and until it accepts the referral pays the frozen fee. Against a flat fee it is recorded, and the flat fee pays. */
      cashbackPercentage: number;
      /** @description Anything the business should know (blank counts as absent) */
      notes?: string;
      /** @description Business keys: the connector to credit (required). People and personal keys refer as their own connector profile: omit it, or send your own connector id. */
      connectorId?: number;
    };
    ReferralProgress: {
      /**
       * @description The new status; any status may follow any other
       * @enum {string}
       */
      status: "pending" | "approved" | "completed" | "rejected";
      /** @description Revenue received from the referred person, at most two decimals; null or absent clears it */
      revenueReceived?: number | null;
      /**
       * @description Currency of the revenue
       * @default SGD
       * @enum {string}
       */
      revenueCurrency: "SGD" | "USD" | "EUR" | "GBP" | "AUD" | "JPY" | "CNY" | "HKD" | "MYR" | "IDR";
      /** @description A note for the connector, kept in the referral's history. Needed when rejectionReason is other, and when a completed or rejected referral moves to another status (why it is reopened). */
      statusNotes?: string;
      /** @description Needed when status is rejected: not_a_fit, already_a_customer, could_not_reach, duplicate or other (other needs statusNotes). Ignored, and cleared, with any other status. The connector sees it. */
      rejectionReason?: ("not_a_fit" | "already_a_customer" | "could_not_reach" | "duplicate" | "other") | null;
      /**
       * @description Your answer to the connector's open cashback proposal, with any update: accept (the referral pays the connector's cashbackPercentage) or decline (it pays the frozen fee). Absent or null leaves it as it stands: an open proposal stays open and the frozen fee pays meanwhile. 409 when there is no open proposal to answer (the same answer again is accepted as a no-op).
       * @enum {string}
       */
      cashbackProposal?: "accept" | "decline";
    } & (unknown & unknown);
    ReferralConfirmation: {
      /** @enum {string} */
      decision: "confirm" | "disown";
    };
    ReferralCorrection: {
      /**
       * Format: email
       * @description Their email address: they are emailed the introduction (/intro/{token}) and asked to accept; the business sees it (and the phone) only once they do
       */
      referredPersonEmail?: string;
      /** @description Their phone number, 8 to 20 characters: digits, spaces and + - ( ) */
      referredPersonPhone?: string;
    } & (unknown | unknown);
    DisputeCreate: {
      /**
       * @description customer_signed, revenue_understated, wrong_rejection_reason or other
       * @enum {string}
       */
      reason: "customer_signed" | "revenue_understated" | "wrong_rejection_reason" | "other";
      /** @description What happened, 1 to 2000 characters */
      note: string;
      /** @description The revenue the customer paid, as you say it is: more than 0, at most 2 decimals (whole for JPY) */
      claimedRevenue: number;
      /**
       * @description Its currency
       * @enum {string}
       */
      claimedCurrency: "SGD" | "USD" | "EUR" | "GBP" | "AUD" | "JPY" | "CNY" | "HKD" | "MYR" | "IDR";
    } & unknown;
    ReferralMessageCreate: {
      /** @description The message, plain text (line breaks kept): 1 to 2000 characters after trimming */
      body: string;
    };
    TeamMemberCreate: {
      /** @description The business whose team gains the member */
      businessId: number;
      /** @description The member's name */
      name: string;
      /**
       * Format: email
       * @description Their email: a user registered (now or later) with it is linked to the seat
       */
      email: string;
      /**
       * @description admin (manages the team, keys and webhooks) or member
       * @default member
       * @enum {string}
       */
      role: "admin" | "member";
    };
    UserUpdate: components["schemas"]["ProfileUpdate"] | components["schemas"]["PhotoUpdate"] | components["schemas"]["UsernameChange"] | components["schemas"]["PasswordChange"];
    EmailPreferencesInput: {
      referralReceived?: boolean;
      referralUpdated?: boolean;
      referralReminder?: boolean;
      referralConsent?: boolean;
      referralMessage?: boolean;
      referralReviewDue?: boolean;
      referralDispute?: boolean;
    };
    WebhookEndpointCreate: {
      /**
       * Format: uri
       * @description Where events are POSTed: https, on a public host (no private or local addresses), no credentials, no port but 443. A development server also takes http or https to localhost, 127.0.0.1 or [::1] on any port.
       */
      url: string;
      /** @description The event types to receive */
      events: ("referral.created" | "referral.status_changed" | "referral.consent_changed" | "team_member.added" | "team_member.removed" | "commission.created" | "commission.payable" | "commission.reversed" | "payout.recorded" | "payout.requested" | "payout.voided" | "referral.updated" | "referral.message_posted" | "team_member.invitation_resent" | "team_member.joined" | "business.updated" | "dispute.opened" | "dispute.answered" | "dispute.resolved")[];
      /** @description A note for your team */
      description?: string;
      /** @description The business the endpoint belongs to */
      businessId: number;
    };
    WebhookRedelivery: {
      eventId: string;
    };
    ProfileUpdate: {
      name: string;
      /** @description A valid email, or empty/null to clear */
      email?: string | null;
      /** @description At least 8 characters, or empty/null to clear */
      phone?: string | null;
      currentPassword?: string;
    };
    PhotoUpdate: {
      /** @description A PNG, JPEG, WebP or GIF data URL of at most 256 KB, or null to remove the photo */
      profilePhoto: string | null;
    };
    UsernameChange: {
      /** @description Your current password */
      currentPassword: string;
      /** @description The new username */
      username: string;
    };
    PasswordChange: {
      /** @description Your current password */
      currentPassword: string;
      /** @description The new password; your other sessions end. Not a common password, and hard enough to guess: a zxcvbn score of 3 or more, knowing your name, username, email and the app's name (400 on password otherwise) */
      password: string;
      /** @description Optional; must match password when sent */
      confirmPassword?: string;
    };
    ActivityLog: {
      /** @description Activity id */
      id: number;
      action: string;
      details: string | null;
      /** @enum {string} */
      activityType: "user_signup" | "business_registered" | "referral_created" | "referral_completed" | "payment_processed" | "team_member_added" | "referral_approved" | "referral_rejected" | "business_updated" | "team_member_removed" | "user_suspended" | "user_reinstated" | "referral_reminder" | "payout_requested" | "payment_voided";
      /** @description Who did it */
      userId: number | null;
      businessId: number | null;
      /**
       * Format: date-time
       * @description UTC timestamp (ISO 8601)
       */
      createdAt: string;
    };
    /** @description Every error answer: a message, and field messages where a field is to blame. */
    Error: {
      /** @description What went wrong, fit to show a person */
      message: string;
      /** @description Messages per request field (on validation and some business-rule failures) */
      errors?: {
        [key: string]: string[];
      };
    };
    AdminBusinessRow: {
      /** @description Business id */
      id: number;
      companyName: string;
      uen: string;
      sector: string | null;
      /**
       * Format: date-time
       * @description UTC timestamp (ISO 8601)
       */
      createdAt: string;
      /** @description The owner's user id */
      ownerId: number;
      ownerName: string;
      ownerUsername: string;
      /** @description When the owner was suspended (ISO 8601), or null */
      ownerSuspendedAt: string | null;
      ownerSuspended: boolean;
      teamSize: number;
      counts: {
        total: number;
        pending: number;
        approved: number;
        completed: number;
        rejected: number;
      };
      /** @description Completed revenue and fees per currency (never summed across currencies) */
      completed: {
        currency: string;
        revenue: number;
        fees: number;
      }[];
    };
    AdminConnectorRow: {
      /** @description Connector id */
      id: number;
      /** @description User id */
      userId: number;
      name: string;
      email: string | null;
      phone: string | null;
      /**
       * Format: date-time
       * @description UTC timestamp (ISO 8601)
       */
      createdAt: string;
      username: string;
      /** @enum {string} */
      accountType: "individual" | "business";
      suspendedAt: string | null;
      suspended: boolean;
      counts: {
        total: number;
        pending: number;
        approved: number;
        completed: number;
        rejected: number;
      };
      /** @description Completed revenue and fees per currency (never summed across currencies) */
      completed: {
        currency: string;
        revenue: number;
        fees: number;
      }[];
    };
    Payables: {
      /**
       * Format: date-time
       * @description When the figures were read (UTC, ISO 8601)
       */
      asOf: string;
      /** @description A payable commission is overdue after this many days (30) */
      overdueAfterDays: number;
      /** @description One row per currency that has commissions (never added across currencies), by currency code */
      totals: {
        /** @enum {string} */
        currency: "SGD" | "USD" | "EUR" | "GBP" | "AUD" | "JPY" | "CNY" | "HKD" | "MYR" | "IDR";
        /** @description Commissions still in their hold period, in the currency's minor units (cents; whole yen for JPY) */
        pendingMinor: number;
        /** @description The same amount as a decimal string with the currency's own decimals */
        pending: string;
        /** @description Commissions payable and unpaid, net of the clawback adjustments the next payouts will deduct, in the currency's minor units (cents; whole yen for JPY) */
        payableMinor: number;
        /** @description The same amount as a decimal string with the currency's own decimals */
        payable: string;
        /** @description Commissions paid, net of adjustments already netted off, in the currency's minor units (cents; whole yen for JPY) */
        paidMinor: number;
        /** @description The same amount as a decimal string with the currency's own decimals */
        paid: string;
      }[];
      /** @description A page (limit, offset) of businesses with commissions payable for more than 30 days, one row per business and currency, the oldest first */
      overdue: {
        businessId: number;
        companyName: string;
        /** @enum {string} */
        currency: "SGD" | "USD" | "EUR" | "GBP" | "AUD" | "JPY" | "CNY" | "HKD" | "MYR" | "IDR";
        /** @description What it has had payable for more than 30 days, in the currency's minor units (cents; whole yen for JPY) */
        amountMinor: number;
        /** @description The same amount as a decimal string with the currency's own decimals */
        amount: string;
        /** @description How many commissions that is */
        count: number;
        /**
         * Format: date-time
         * @description When the oldest of them became payable
         */
        oldestPayableAt: string;
      }[];
      /** @description How many such rows there are in all */
      overdueTotal: number;
      /** @description Connectors' payout requests unpaid past their due date (the business's payout terms), the oldest due first; at most 50 */
      overdueRequests: components["schemas"]["PayoutRequest"][];
      /** @description How many overdue payout requests there are in all */
      overdueRequestsTotal: number;
    };
    /** @description A referral the review clock flagged to platform admins (decision 058). */
    OverdueReferral: {
      /** @description Referral id */
      id: number;
      /** @description The connector credited with the referral */
      connectorId: number;
      /** @description The business referred to */
      businessId: number;
      referredPersonName: string;
      /** @description Null until the person accepts the introduction (except for the connector who made the referral), and for everyone once declined or lapsed */
      referredPersonEmail: string | null;
      /** @description As referredPersonEmail */
      referredPersonPhone: string | null;
      /**
       * @description Whether the referred person agreed to the introduction: awaiting (asked by email), given, declined, expired (no answer within 14 days), or cancelled (the connector withdrew the referral before they answered: POST /api/referrals/{id}/withdraw)
       * @enum {string}
       */
      consentStatus: "awaiting" | "given" | "declined" | "expired" | "cancelled";
      /** @description When the person answered or the introduction lapsed */
      consentDecidedAt: string | null;
      /** @description The connector's cashback, percent of the revenue, e.g. 10.5; prefilled from a percentage fee. Another number is a proposal (cashbackProposal) that pays only once the business accepts it */
      cashbackPercentage: number;
      notes: string | null;
      /** @enum {string} */
      status: "pending" | "approved" | "completed" | "rejected";
      /** @description Revenue the business recorded, in revenueCurrency */
      revenueReceived: number | null;
      /** @enum {string} */
      revenueCurrency: "SGD" | "USD" | "EUR" | "GBP" | "AUD" | "JPY" | "CNY" | "HKD" | "MYR" | "IDR";
      statusNotes: string | null;
      /** @description What the referral earns, in revenueCurrency, computed by the server with the one commission formula: revenueReceived × the frozen percentage fee (or the accepted cashbackProposal) / 100, rounded half-up to the currency's minor unit; a flat fee's amount whatever the revenue. Null without revenue on a percentage fee, and when a flat fee's currency differs from revenueCurrency (the commission, in the fee's currency, is in the ledger) */
      feeAmount: number | null;
      /**
       * Format: date-time
       * @description UTC timestamp (ISO 8601)
       */
      createdAt: string;
      /**
       * Format: date-time
       * @description UTC timestamp (ISO 8601)
       */
      updatedAt: string;
      businessName: string;
      connectorName: string;
      connectorEmail: string | null;
      connectorPhone: string | null;
      /** @enum {string} */
      connectorAccountType: "individual" | "business";
      /** @description The connector's own business, when they have one */
      connectorCompanyName: string | null;
      termsSnapshot: components["schemas"]["TermsSnapshot"];
      cashbackProposal: components["schemas"]["CashbackProposal"];
      /** @description Why it was rejected (status rejected only; null otherwise): the business's choice (not_a_fit, already_a_customer, could_not_reach, duplicate, other) or the lifecycle's own (person_declined: the person declined or withdrew before completion; no_answer: the introduction lapsed; withdrawn: the connector withdrew it; not_confirmed: the connector did not confirm a referral the business registered) */
      rejectionReason: ("not_a_fit" | "already_a_customer" | "could_not_reach" | "duplicate" | "other" | "person_declined" | "no_answer" | "withdrawn" | "not_confirmed") | null;
      /** @description When the business's decision is due: the business's response window in business days (weekends in UTC skipped) from the referred person's consent; null before consent and for referrals made before the clock existed */
      reviewDueAt: string | null;
      /** @description The person's address is at a disposable mail service (the shipped list, checked at creation) */
      referredPersonEmailDisposable: boolean;
      /**
       * @description connector: the connector made it; business: a business key registered it for a connector who introduced the person offline; person: the person introduced themselves through the connector's personal link (/refer/{businessId}?via={code}) and consents by confirming their email address
       * @enum {string}
       */
      registeredBy: "connector" | "business" | "person";
      /**
       * @description awaiting: a business registered it and its connector has not confirmed it yet (it credits them, counts in figures, can be approved and is introduced to the person only once confirmed); confirmed otherwise
       * @enum {string}
       */
      connectorConfirmation: "confirmed" | "awaiting";
      /** @description When the business was reminded that its decision was due */
      reviewRemindedAt: string | null;
      /** @description When the referral was flagged: still pending a second response window after it was due */
      reviewFlaggedAt: string | null;
    };
    ReminderResult: {
      /** @constant */
      message: "Reminder sent";
      /** @description How many people were notified */
      notified: number;
    };
    AdminStats: {
      totalReferrals: number;
      /** @description Connectors whose account is not suspended */
      totalConnectors: number;
      totalBusinesses: number;
      completedReferrals: number;
    };
    SuspensionResult: {
      /** @description User id */
      id: number;
      suspended: boolean;
    };
    /** @description An API key, never its secret. */
    ApiKey: {
      /** @description API key id */
      id: number;
      name: string;
      /** @description The key's first 12 characters, to tell keys apart */
      prefix: string;
      /** @description The business a business key acts for; null for a personal key */
      businessId: number | null;
      scopes: ("referrals:read" | "referrals:write" | "team:read" | "commissions:read" | "payouts:write")[];
      createdByName: string | null;
      /**
       * Format: date-time
       * @description UTC timestamp (ISO 8601)
       */
      createdAt: string;
      /** @description Updated at most once a minute */
      lastUsedAt: string | null;
      revokedAt: string | null;
    };
    ApiKeyCreated: {
      /** @description API key id */
      id: number;
      name: string;
      /** @description The key's first 12 characters, to tell keys apart */
      prefix: string;
      /** @description The business a business key acts for; null for a personal key */
      businessId: number | null;
      scopes: ("referrals:read" | "referrals:write" | "team:read" | "commissions:read" | "payouts:write")[];
      createdByName: string | null;
      /**
       * Format: date-time
       * @description UTC timestamp (ISO 8601)
       */
      createdAt: string;
      /** @description Updated at most once a minute */
      lastUsedAt: string | null;
      revokedAt: string | null;
      /** @description The whole key (wik_ and 43 characters). Shown this once: store it now. null in an Idempotency-Key replay (Idempotent-Replayed: true): secrets are never stored for replays, so a caller who lost the first answer revokes this key (its id is here) and makes another. */
      key: string | null;
    };
    /** @description A user as the API shows them (never the password). */
    User: {
      /** @description User id */
      id: number;
      username: string;
      name: string;
      email: string | null;
      phone: string | null;
      /** @enum {string} */
      accountType: "individual" | "business";
      isAdmin: boolean;
      /** @description An image data URL, or null */
      profilePhoto: string | null;
      /** @description Whether the current email was confirmed through its link; false again after every email change */
      emailVerified: boolean;
      /** @description Whether logging in asks for a code from an authenticator app after the password */
      twoFactorEnabled: boolean;
      /**
       * Format: date-time
       * @description UTC timestamp (ISO 8601)
       */
      createdAt: string;
    };
    /** @description The password was right and two-factor is on: no session yet. Lapses after 5 minutes or 5 wrong codes. */
    TwoFactorChallenge: {
      /** @constant */
      twoFactorRequired: true;
      /** @description Send it to POST /api/auth/login/two-factor with a code; it works once */
      challenge: string;
      /**
       * Format: date-time
       * @description UTC timestamp (ISO 8601)
       */
      expiresAt: string;
    };
    Message: {
      message: string;
    };
    /** @description One place your account is signed in. */
    UserSession: {
      /** @description Opaque id naming the session (not its cookie) */
      id: string;
      /** @description Browser and system from its User-Agent, e.g. "Chrome on macOS", or "Unknown device" */
      device: string;
      /** @description The client address it was last seen from (CF-Connecting-IP) */
      ipAddress: string | null;
      /** @description ISO country code of that address, when Cloudflare knows it */
      country: string | null;
      /** @description When it signed in (ISO 8601) */
      createdAt: string;
      /** @description When it was last used, to within 5 minutes (ISO 8601) */
      lastSeenAt: string;
      /** @description true for the session making this request */
      current: boolean;
    };
    OtherSessionsEnded: {
      message: string;
      ended: number;
    };
    /** @description A setup waiting for its first code. The key is never shown again once confirmed. */
    TwoFactorSetup: {
      /** @description The base32 key, for entering by hand */
      secret: string;
      /** @description otpauth://totp/… (SHA-1, 6 digits, 30 seconds), for a QR code */
      otpauthUri: string;
    };
    /** @description Shown in this answer only: only their hashes are kept. */
    RecoveryCodes: {
      /** @description Ten codes; each signs in once */
      recoveryCodes: string[];
    };
    Business: {
      /** @description Business id */
      id: number;
      /** @description The owner's user id */
      userId: number;
      companyName: string;
      description: string | null;
      sector: string | null;
      nature: string | null;
      /** @description Unique Entity Number (registration number) */
      uen: string;
      address: string;
      website: string | null;
      /** @description The fee as shown, derived from the structured fee below: "12.5%", "$500" (US dollars), "SGD 500" (every other currency by its code); free text from before until the owner states it */
      referralFee: string;
      /** @description How the fee is stated: a percentage of the revenue or a flat amount, as the business states it; all null while a free-text fee from before awaits its owner */
      feeKind: ("percentage" | "flat") | null;
      /** @description The percentage (feeKind percentage), e.g. 12.5 */
      feePercentage: number | null;
      /** @description The flat amount in feeCurrency units, e.g. 500 (feeKind flat): paid on completion, whatever the revenue */
      feeAmount: number | null;
      /** @description The flat amount's currency (feeKind flat) */
      feeCurrency: ("SGD" | "USD" | "EUR" | "GBP" | "AUD" | "JPY" | "CNY" | "HKD" | "MYR" | "IDR") | null;
      referralTerms: string;
      /** @enum {string} */
      accountType: "company" | "freelancer";
      /** @description Business days the business gives itself to decide on a referral once its person consented (1 to 30, default 5) */
      responseWindowDays: number;
      /** @description Hold period: days after a referral completes before its commission becomes payable (0 to 90, default 30); each commission keeps the hold it was created with */
      holdDays: number;
      /**
       * Format: date-time
       * @description UTC timestamp (ISO 8601)
       */
      createdAt: string;
      /** @description Whether the contact fields below are included: only for someone who has referred to the business, works for it, or is a platform admin */
      contactVisible: boolean;
      contactPerson?: string;
      contactPhone?: string;
      contactEmail?: string;
      reputation: components["schemas"]["BusinessReputation"];
    };
    /** @description How the business treats referrals, over the last 12 months; recomputed by the scheduled job. */
    BusinessReputation: {
      /**
       * @description "rated" once at least 5 decided referrals are behind the figures
       * @enum {string}
       */
      status: "new" | "rated";
      /** @description Referrals received in the last 12 months that their connector made or confirmed and their person consented to (decision 130) */
      referralCount: number;
      /** @description Of those, the ones the business has decided on (left pending) */
      decidedCount: number;
      /** @description Median hours from consent (or creation, for referrals made before consent) to the first decision; null while new */
      medianHoursToDecision: number | null;
      /** @description Decided referrals that are approved or completed: a share from 0 to 1; null while "new" */
      acceptedShare: number | null;
      /** @description Decided referrals first decided by their review deadline: a share from 0 to 1; null while "new" */
      decidedInTimeShare: number | null;
      /** @description Commissions the business has let sit payable for more than 30 days without paying them (shown whether or not the business is rated yet) */
      payablesOverdue: number;
      /** @description Connectors' payout requests past their due date (the business's payout terms) and still unpaid */
      payoutRequestsOverdue: number;
      /** @description Disputes its connectors raised against it in the last 12 months */
      disputesAgainst: number;
      /** @description Of those, the ones upheld by a platform admin or accepted by the business */
      disputesUpheld: number;
    };
    MyBusiness: {
      /** @description Business id */
      id: number;
      /** @description The owner's user id */
      userId: number;
      companyName: string;
      description: string | null;
      sector: string | null;
      nature: string | null;
      /** @description Unique Entity Number (registration number) */
      uen: string;
      address: string;
      website: string | null;
      /** @description The fee as shown, derived from the structured fee below: "12.5%", "$500" (US dollars), "SGD 500" (every other currency by its code); free text from before until the owner states it */
      referralFee: string;
      /** @description How the fee is stated: a percentage of the revenue or a flat amount, as the business states it; all null while a free-text fee from before awaits its owner */
      feeKind: ("percentage" | "flat") | null;
      /** @description The percentage (feeKind percentage), e.g. 12.5 */
      feePercentage: number | null;
      /** @description The flat amount in feeCurrency units, e.g. 500 (feeKind flat): paid on completion, whatever the revenue */
      feeAmount: number | null;
      /** @description The flat amount's currency (feeKind flat) */
      feeCurrency: ("SGD" | "USD" | "EUR" | "GBP" | "AUD" | "JPY" | "CNY" | "HKD" | "MYR" | "IDR") | null;
      referralTerms: string;
      /** @enum {string} */
      accountType: "company" | "freelancer";
      /** @description Business days the business gives itself to decide on a referral once its person consented (1 to 30, default 5) */
      responseWindowDays: number;
      /** @description Hold period: days after a referral completes before its commission becomes payable (0 to 90, default 30); each commission keeps the hold it was created with */
      holdDays: number;
      /**
       * Format: date-time
       * @description UTC timestamp (ISO 8601)
       */
      createdAt: string;
      /** @description Whether the contact fields below are included: only for someone who has referred to the business, works for it, or is a platform admin */
      contactVisible: boolean;
      contactPerson?: string;
      contactPhone?: string;
      contactEmail?: string;
      reputation: components["schemas"]["BusinessReputation"];
      /**
       * @description The caller's role in it
       * @enum {string}
       */
      role: "owner" | "admin" | "member";
    };
    PayoutSettings: {
      /** @description Business id */
      businessId: number;
      /** @description Days the business gives itself to pay a payout request */
      payoutTermsDays: number;
      /** @description The least paid out per currency, in minor units; a currency left out has none */
      minimums: {
        [key: string]: number;
      };
      /** @description The same minimums as decimal strings in each currency */
      minimumAmounts: {
        [key: string]: string;
      };
    };
    /** @description Your personal link to a business */
    PersonalLink: {
      /** @description The business the link introduces people to */
      businessId: number;
      /** @description Your public link code: the same for every business, never your connector id */
      code: string;
      /** @description The link's path, /refer/{businessId}?via={code} */
      path: string;
      /** @description The whole link to share, on this site's origin */
      url: string;
    };
    Commission: {
      /** @description Commission id */
      id: number;
      /** @description The referral that earned it */
      referralId: number;
      /** @description Who earned it */
      connectorId: number;
      /** @description Who owes it */
      businessId: number;
      /**
       * @description commission, or adjustment: a negative amount clawing back a paid commission, netted off by the next payout
       * @enum {string}
       */
      kind: "commission" | "adjustment";
      /**
       * @description pending during the hold period, then payable, then paid; reversed when an unpaid one no longer stands
       * @enum {string}
       */
      status: "pending" | "payable" | "paid" | "reversed";
      /** @description The amount (negative for an adjustment), in the currency's minor units (cents; whole yen for JPY) */
      amountMinor: number;
      /** @description The same amount as a decimal string with the currency's own decimals */
      amount: string;
      /** @enum {string} */
      currency: "SGD" | "USD" | "EUR" | "GBP" | "AUD" | "JPY" | "CNY" | "HKD" | "MYR" | "IDR";
      /** @description The revenue it was computed from, in minor units (null on an adjustment) */
      revenueMinor: number | null;
      /** @description The percentage it was computed at (null on an adjustment) */
      cashbackPercentage: number | null;
      /** @description The business's hold period when it was created */
      holdDays: number;
      /**
       * Format: date-time
       * @description UTC timestamp (ISO 8601)
       */
      payableAt: string;
      paidAt: string | null;
      payoutId: number | null;
      reversedAt: string | null;
      /** @description Why it was reversed (or, on an adjustment, why it was made): the referral left completed, or its revenue changed */
      reversalReason: ("left_completed" | "revenue_changed") | null;
      /** @description On an adjustment: the paid commission it claws back */
      adjustsCommissionId: number | null;
      /**
       * Format: date-time
       * @description UTC timestamp (ISO 8601)
       */
      createdAt: string;
      /** @description Its ledger entries, oldest first; their sum is what is still owed on it */
      entries: components["schemas"]["CommissionEntry"][];
    };
    CommissionEntry: {
      /** @description Entry id */
      id: number;
      /**
       * @description commission (+) when earned; reversal (-) when an unpaid one is taken back; adjustment (-) when a paid one is clawed back; payout (- for a commission, + for an adjustment) when a payout settles it; payout_voided (the payout entry reversed) when that payout is voided
       * @enum {string}
       */
      type: "commission" | "reversal" | "adjustment" | "payout" | "payout_voided";
      /** @description Signed amount, in the currency's minor units (cents; whole yen for JPY) */
      amountMinor: number;
      /** @description The same amount as a decimal string with the currency's own decimals */
      amount: string;
      /** @enum {string} */
      currency: "SGD" | "USD" | "EUR" | "GBP" | "AUD" | "JPY" | "CNY" | "HKD" | "MYR" | "IDR";
      /** @description The payout of a payout or payout_voided entry */
      payoutId: number | null;
      /**
       * Format: date-time
       * @description UTC timestamp (ISO 8601)
       */
      occurredAt: string;
    };
    /** @description The profile a person refers as. */
    Connector: {
      /** @description Connector id (the referring profile; not the user id) */
      id: number;
      /** @description The connector's user id */
      userId: number;
      name: string;
      email: string | null;
      phone: string | null;
      /**
       * Format: date-time
       * @description UTC timestamp (ISO 8601)
       */
      createdAt: string;
      reputation: components["schemas"]["ConnectorReputation"];
    };
    /** @description How a connector's referrals turn out, over the last 12 months. */
    ConnectorReputation: {
      /**
       * @description "rated" once the connector made at least 5 referrals in 12 months
       * @enum {string}
       */
      status: "new" | "rated";
      /** @description Referrals the connector made or confirmed in the last 12 months whose person consented (a business's registration awaiting them does not count; decision 130) */
      referralCount: number;
      /** @description Those referrals that are completed: a share from 0 to 1; null while "new" */
      completedShare: number | null;
      /** @description Disputes the connector raised in the last 12 months */
      disputesRaised: number;
      /** @description Of those, the ones upheld by a platform admin or accepted by the business */
      disputesUpheld: number;
    };
    ListedDispute: {
      /** @description Dispute id */
      id: number;
      /** @description The disputed referral */
      referralId: number;
      /** @description Who disputes */
      connectorId: number;
      /** @description Whose decision is disputed */
      businessId: number;
      /**
       * @description What is disputed: a rejection, or a completion's revenue
       * @enum {string}
       */
      subject: "rejection" | "completion";
      /** @enum {string} */
      reason: "customer_signed" | "revenue_understated" | "wrong_rejection_reason" | "other";
      /** @description The connector's account of what happened */
      note: string;
      /** @description The revenue the connector says the customer paid, in the currency's minor units (cents; whole yen for JPY) */
      claimedRevenueMinor: number;
      /** @description The same amount as a decimal string with the currency's own decimals */
      claimedRevenue: string;
      /** @enum {string} */
      claimedCurrency: "SGD" | "USD" | "EUR" | "GBP" | "AUD" | "JPY" | "CNY" | "HKD" | "MYR" | "IDR";
      /**
       * @description open (the business has until answerDueAt), business_accepted (settled: the referral moved), business_disagreed (a platform admin decides), upheld (settled: the referral moved) or dismissed
       * @enum {string}
       */
      status: "open" | "business_accepted" | "business_disagreed" | "upheld" | "dismissed";
      /**
       * Format: date-time
       * @description UTC timestamp (ISO 8601)
       */
      answerDueAt: string;
      answerNote: string | null;
      answeredAt: string | null;
      decisionNote: string | null;
      decidedAt: string | null;
      /**
       * Format: date-time
       * @description UTC timestamp (ISO 8601)
       */
      createdAt: string;
      referredPersonName: string;
      businessName: string;
      connectorName: string;
    };
    Earnings: {
      /** @description Your connector profile */
      connectorId: number;
      /** @description One entry per currency you have earned in (never summed across currencies), in the currency list's order */
      balances: components["schemas"]["EarningsBalance"][];
    };
    EarningsBalance: {
      /** @enum {string} */
      currency: "SGD" | "USD" | "EUR" | "GBP" | "AUD" | "JPY" | "CNY" | "HKD" | "MYR" | "IDR";
      /** @description Commissions still in their business's hold period, in the currency's minor units (cents; whole yen for JPY) */
      pendingMinor: number;
      /** @description Commissions owed now (net of adjustments that claw back paid ones), in the currency's minor units (cents; whole yen for JPY) */
      payableMinor: number;
      /** @description Paid commissions, net of paid adjustments, in the currency's minor units (cents; whole yen for JPY) */
      paidMinor: number;
      /** @description The sum of every ledger entry: what is owed to you (pending + payable), in the currency's minor units (cents; whole yen for JPY) */
      owedMinor: number;
      /** @description pendingMinor as a decimal string with the currency's own decimals */
      pending: string;
      /** @description payableMinor as a decimal string with the currency's own decimals */
      payable: string;
      /** @description paidMinor as a decimal string with the currency's own decimals */
      paid: string;
      /** @description owedMinor as a decimal string with the currency's own decimals */
      owed: string;
    };
    /** @description An introduction as the referred person sees it through their link */
    Introduction: {
      /** @enum {string} */
      consentStatus: "awaiting" | "given" | "declined" | "expired" | "cancelled";
      referredPersonName: string;
      /** @description The person's own address; null once erased */
      referredPersonEmail: string | null;
      /** @description The person's own phone; null once erased */
      referredPersonPhone: string | null;
      /** @description A corrected address given when accepting, waiting for the link mailed to it to be followed; consent counts only then (null otherwise) */
      emailToConfirm: string | null;
      /** @description Who makes the introduction */
      connectorName: string;
      /** @description The note written with the referral */
      notes: string | null;
      /** @description Whose note it is: the connector's name, the business's when the business registered the referral, or the person's own when they introduced themselves */
      notesAuthor: string;
      /** @description The person introduced themselves through the connector's personal link: confirming their email address (emailToConfirm) is their consent */
      introducedThemselves: boolean;
      business: {
        /** @description Business id */
        id: number;
        companyName: string;
        sector: string | null;
        description: string | null;
        website: string | null;
        /** @description The business's public page, /refer/{id} */
        profilePath: string;
      };
      /** @description When an unanswered introduction lapses */
      consentExpiresAt: string | null;
      consentDecidedAt: string | null;
    };
    Notification: {
      /** @description Notification id */
      id: number;
      title: string;
      body: string | null;
      /** @description A path in the app */
      link: string | null;
      referralId: number | null;
      read: boolean;
      /**
       * Format: date-time
       * @description UTC timestamp (ISO 8601)
       */
      createdAt: string;
    };
    PayoutMethod: {
      /** @description Payout method id */
      id: number;
      /** @enum {string} */
      currency: "SGD" | "USD" | "EUR" | "GBP" | "AUD" | "JPY" | "CNY" | "HKD" | "MYR" | "IDR";
      /** @enum {string} */
      kind: "bank_transfer" | "paynow" | "duitnow" | "upi" | "paypal" | "wise";
      /** @description The method, masked: e.g. PayNow ••••4567, DBS ••••6789 */
      summary: string;
      /** @description Whether payouts in this currency go to this method */
      isDefault: boolean;
      /** @description Payouts to you wait until then: 48 hours after this method was added, changed or made the default */
      payoutsHeldUntil: string | null;
      /**
       * Format: date-time
       * @description UTC timestamp (ISO 8601)
       */
      createdAt: string;
      /**
       * Format: date-time
       * @description UTC timestamp (ISO 8601)
       */
      updatedAt: string;
    };
    PayoutMethodRemoved: {
      /** @description Payout method id */
      id: number;
      /** @constant */
      removed: true;
    };
    /** @description An introduction made through a personal link, waiting for its address's confirmation */
    SelfIntroduction: {
      businessId: number;
      businessName: string;
      /** @description The connector whose link it is, credited with the referral */
      connectorName: string;
      /** @description Where the confirmation link went */
      emailToConfirm: string;
      /**
       * @description Consent counts once the mailed link is followed
       * @constant
       */
      consentStatus: "awaiting";
    };
    Referral: {
      /** @description Referral id */
      id: number;
      /** @description The connector credited with the referral */
      connectorId: number;
      /** @description The business referred to */
      businessId: number;
      referredPersonName: string;
      /** @description Null until the person accepts the introduction (except for the connector who made the referral), and for everyone once declined or lapsed */
      referredPersonEmail: string | null;
      /** @description As referredPersonEmail */
      referredPersonPhone: string | null;
      /**
       * @description Whether the referred person agreed to the introduction: awaiting (asked by email), given, declined, expired (no answer within 14 days), or cancelled (the connector withdrew the referral before they answered: POST /api/referrals/{id}/withdraw)
       * @enum {string}
       */
      consentStatus: "awaiting" | "given" | "declined" | "expired" | "cancelled";
      /** @description When the person answered or the introduction lapsed */
      consentDecidedAt: string | null;
      /** @description The connector's cashback, percent of the revenue, e.g. 10.5; prefilled from a percentage fee. Another number is a proposal (cashbackProposal) that pays only once the business accepts it */
      cashbackPercentage: number;
      notes: string | null;
      /** @enum {string} */
      status: "pending" | "approved" | "completed" | "rejected";
      /** @description Revenue the business recorded, in revenueCurrency */
      revenueReceived: number | null;
      /** @enum {string} */
      revenueCurrency: "SGD" | "USD" | "EUR" | "GBP" | "AUD" | "JPY" | "CNY" | "HKD" | "MYR" | "IDR";
      statusNotes: string | null;
      /** @description What the referral earns, in revenueCurrency, computed by the server with the one commission formula: revenueReceived × the frozen percentage fee (or the accepted cashbackProposal) / 100, rounded half-up to the currency's minor unit; a flat fee's amount whatever the revenue. Null without revenue on a percentage fee, and when a flat fee's currency differs from revenueCurrency (the commission, in the fee's currency, is in the ledger) */
      feeAmount: number | null;
      /**
       * Format: date-time
       * @description UTC timestamp (ISO 8601)
       */
      createdAt: string;
      /**
       * Format: date-time
       * @description UTC timestamp (ISO 8601)
       */
      updatedAt: string;
      businessName: string;
      connectorName: string;
      connectorEmail: string | null;
      connectorPhone: string | null;
      /** @enum {string} */
      connectorAccountType: "individual" | "business";
      /** @description The connector's own business, when they have one */
      connectorCompanyName: string | null;
      termsSnapshot: components["schemas"]["TermsSnapshot"];
      cashbackProposal: components["schemas"]["CashbackProposal"];
      /** @description Why it was rejected (status rejected only; null otherwise): the business's choice (not_a_fit, already_a_customer, could_not_reach, duplicate, other) or the lifecycle's own (person_declined: the person declined or withdrew before completion; no_answer: the introduction lapsed; withdrawn: the connector withdrew it; not_confirmed: the connector did not confirm a referral the business registered) */
      rejectionReason: ("not_a_fit" | "already_a_customer" | "could_not_reach" | "duplicate" | "other" | "person_declined" | "no_answer" | "withdrawn" | "not_confirmed") | null;
      /** @description When the business's decision is due: the business's response window in business days (weekends in UTC skipped) from the referred person's consent; null before consent and for referrals made before the clock existed */
      reviewDueAt: string | null;
      /** @description The person's address is at a disposable mail service (the shipped list, checked at creation) */
      referredPersonEmailDisposable: boolean;
      /**
       * @description connector: the connector made it; business: a business key registered it for a connector who introduced the person offline; person: the person introduced themselves through the connector's personal link (/refer/{businessId}?via={code}) and consents by confirming their email address
       * @enum {string}
       */
      registeredBy: "connector" | "business" | "person";
      /**
       * @description awaiting: a business registered it and its connector has not confirmed it yet (it credits them, counts in figures, can be approved and is introduced to the person only once confirmed); confirmed otherwise
       * @enum {string}
       */
      connectorConfirmation: "confirmed" | "awaiting";
    };
    /** @description A referral with its connector, the connector's user and business (business views). */
    EnrichedReferral: {
      /** @description Referral id */
      id: number;
      /** @description The connector credited with the referral */
      connectorId: number;
      /** @description The business referred to */
      businessId: number;
      referredPersonName: string;
      /** @description Null until the person accepts the introduction (except for the connector who made the referral), and for everyone once declined or lapsed */
      referredPersonEmail: string | null;
      /** @description As referredPersonEmail */
      referredPersonPhone: string | null;
      /**
       * @description Whether the referred person agreed to the introduction: awaiting (asked by email), given, declined, expired (no answer within 14 days), or cancelled (the connector withdrew the referral before they answered: POST /api/referrals/{id}/withdraw)
       * @enum {string}
       */
      consentStatus: "awaiting" | "given" | "declined" | "expired" | "cancelled";
      /** @description When the person answered or the introduction lapsed */
      consentDecidedAt: string | null;
      /** @description The connector's cashback, percent of the revenue, e.g. 10.5; prefilled from a percentage fee. Another number is a proposal (cashbackProposal) that pays only once the business accepts it */
      cashbackPercentage: number;
      notes: string | null;
      /** @enum {string} */
      status: "pending" | "approved" | "completed" | "rejected";
      /** @description Revenue the business recorded, in revenueCurrency */
      revenueReceived: number | null;
      /** @enum {string} */
      revenueCurrency: "SGD" | "USD" | "EUR" | "GBP" | "AUD" | "JPY" | "CNY" | "HKD" | "MYR" | "IDR";
      statusNotes: string | null;
      /** @description What the referral earns, in revenueCurrency, computed by the server with the one commission formula: revenueReceived × the frozen percentage fee (or the accepted cashbackProposal) / 100, rounded half-up to the currency's minor unit; a flat fee's amount whatever the revenue. Null without revenue on a percentage fee, and when a flat fee's currency differs from revenueCurrency (the commission, in the fee's currency, is in the ledger) */
      feeAmount: number | null;
      /**
       * Format: date-time
       * @description UTC timestamp (ISO 8601)
       */
      createdAt: string;
      /**
       * Format: date-time
       * @description UTC timestamp (ISO 8601)
       */
      updatedAt: string;
      businessName: string;
      connectorName: string;
      connectorEmail: string | null;
      connectorPhone: string | null;
      /** @enum {string} */
      connectorAccountType: "individual" | "business";
      /** @description The connector's own business, when they have one */
      connectorCompanyName: string | null;
      termsSnapshot: components["schemas"]["TermsSnapshot"];
      cashbackProposal: components["schemas"]["CashbackProposal"];
      /** @description Why it was rejected (status rejected only; null otherwise): the business's choice (not_a_fit, already_a_customer, could_not_reach, duplicate, other) or the lifecycle's own (person_declined: the person declined or withdrew before completion; no_answer: the introduction lapsed; withdrawn: the connector withdrew it; not_confirmed: the connector did not confirm a referral the business registered) */
      rejectionReason: ("not_a_fit" | "already_a_customer" | "could_not_reach" | "duplicate" | "other" | "person_declined" | "no_answer" | "withdrawn" | "not_confirmed") | null;
      /** @description When the business's decision is due: the business's response window in business days (weekends in UTC skipped) from the referred person's consent; null before consent and for referrals made before the clock existed */
      reviewDueAt: string | null;
      /** @description The person's address is at a disposable mail service (the shipped list, checked at creation) */
      referredPersonEmailDisposable: boolean;
      /**
       * @description connector: the connector made it; business: a business key registered it for a connector who introduced the person offline; person: the person introduced themselves through the connector's personal link (/refer/{businessId}?via={code}) and consents by confirming their email address
       * @enum {string}
       */
      registeredBy: "connector" | "business" | "person";
      /**
       * @description awaiting: a business registered it and its connector has not confirmed it yet (it credits them, counts in figures, can be approved and is introduced to the person only once confirmed); confirmed otherwise
       * @enum {string}
       */
      connectorConfirmation: "confirmed" | "awaiting";
      connector: {
        /** @description Connector id */
        id: number;
        name: string;
        email: string | null;
        phone: string | null;
        reputation: components["schemas"]["ConnectorReputation"];
      };
      connectorUser: {
        /** @description User id */
        id: number;
        username: string;
        /** @enum {string} */
        accountType: "individual" | "business";
      };
      connectorBusiness: {
        /** @description Business id */
        id: number;
        companyName: string | null;
      } | null;
    };
    /** @description One referral with every status change, oldest first. */
    ReferralDetail: {
      /** @description Referral id */
      id: number;
      /** @description The connector credited with the referral */
      connectorId: number;
      /** @description The business referred to */
      businessId: number;
      referredPersonName: string;
      /** @description Null until the person accepts the introduction (except for the connector who made the referral), and for everyone once declined or lapsed */
      referredPersonEmail: string | null;
      /** @description As referredPersonEmail */
      referredPersonPhone: string | null;
      /**
       * @description Whether the referred person agreed to the introduction: awaiting (asked by email), given, declined, expired (no answer within 14 days), or cancelled (the connector withdrew the referral before they answered: POST /api/referrals/{id}/withdraw)
       * @enum {string}
       */
      consentStatus: "awaiting" | "given" | "declined" | "expired" | "cancelled";
      /** @description When the person answered or the introduction lapsed */
      consentDecidedAt: string | null;
      /** @description The connector's cashback, percent of the revenue, e.g. 10.5; prefilled from a percentage fee. Another number is a proposal (cashbackProposal) that pays only once the business accepts it */
      cashbackPercentage: number;
      notes: string | null;
      /** @enum {string} */
      status: "pending" | "approved" | "completed" | "rejected";
      /** @description Revenue the business recorded, in revenueCurrency */
      revenueReceived: number | null;
      /** @enum {string} */
      revenueCurrency: "SGD" | "USD" | "EUR" | "GBP" | "AUD" | "JPY" | "CNY" | "HKD" | "MYR" | "IDR";
      statusNotes: string | null;
      /** @description What the referral earns, in revenueCurrency, computed by the server with the one commission formula: revenueReceived × the frozen percentage fee (or the accepted cashbackProposal) / 100, rounded half-up to the currency's minor unit; a flat fee's amount whatever the revenue. Null without revenue on a percentage fee, and when a flat fee's currency differs from revenueCurrency (the commission, in the fee's currency, is in the ledger) */
      feeAmount: number | null;
      /**
       * Format: date-time
       * @description UTC timestamp (ISO 8601)
       */
      createdAt: string;
      /**
       * Format: date-time
       * @description UTC timestamp (ISO 8601)
       */
      updatedAt: string;
      businessName: string;
      connectorName: string;
      connectorEmail: string | null;
      connectorPhone: string | null;
      /** @enum {string} */
      connectorAccountType: "individual" | "business";
      /** @description The connector's own business, when they have one */
      connectorCompanyName: string | null;
      termsSnapshot: components["schemas"]["TermsSnapshot"];
      cashbackProposal: components["schemas"]["CashbackProposal"];
      /** @description Why it was rejected (status rejected only; null otherwise): the business's choice (not_a_fit, already_a_customer, could_not_reach, duplicate, other) or the lifecycle's own (person_declined: the person declined or withdrew before completion; no_answer: the introduction lapsed; withdrawn: the connector withdrew it; not_confirmed: the connector did not confirm a referral the business registered) */
      rejectionReason: ("not_a_fit" | "already_a_customer" | "could_not_reach" | "duplicate" | "other" | "person_declined" | "no_answer" | "withdrawn" | "not_confirmed") | null;
      /** @description When the business's decision is due: the business's response window in business days (weekends in UTC skipped) from the referred person's consent; null before consent and for referrals made before the clock existed */
      reviewDueAt: string | null;
      /** @description The person's address is at a disposable mail service (the shipped list, checked at creation) */
      referredPersonEmailDisposable: boolean;
      /**
       * @description connector: the connector made it; business: a business key registered it for a connector who introduced the person offline; person: the person introduced themselves through the connector's personal link (/refer/{businessId}?via={code}) and consents by confirming their email address
       * @enum {string}
       */
      registeredBy: "connector" | "business" | "person";
      /**
       * @description awaiting: a business registered it and its connector has not confirmed it yet (it credits them, counts in figures, can be approved and is introduced to the person only once confirmed); confirmed otherwise
       * @enum {string}
       */
      connectorConfirmation: "confirmed" | "awaiting";
      connector: {
        /** @description Connector id */
        id: number;
        name: string;
        email: string | null;
        phone: string | null;
        reputation: components["schemas"]["ConnectorReputation"];
      };
      connectorUser: {
        /** @description User id */
        id: number;
        username: string;
        /** @enum {string} */
        accountType: "individual" | "business";
      };
      connectorBusiness: {
        /** @description Business id */
        id: number;
        companyName: string | null;
      } | null;
      history: components["schemas"]["StatusChange"][];
    };
    StatusChange: {
      /** @description History entry id */
      id: number;
      /** @description null for the creation */
      fromStatus: ("pending" | "approved" | "completed" | "rejected") | null;
      /** @enum {string} */
      toStatus: "pending" | "approved" | "completed" | "rejected";
      note: string | null;
      /**
       * Format: date-time
       * @description UTC timestamp (ISO 8601)
       */
      createdAt: string;
      changedByName: string | null;
    };
    Statement: {
      connectorId: number;
      connectorName: string;
      /** @description The calendar month (UTC), YYYY-MM */
      month: string;
      /** @enum {string} */
      currency: "SGD" | "USD" | "EUR" | "GBP" | "AUD" | "JPY" | "CNY" | "HKD" | "MYR" | "IDR";
      /**
       * Format: date-time
       * @description UTC timestamp (ISO 8601)
       */
      periodStart: string;
      /**
       * Format: date-time
       * @description UTC timestamp (ISO 8601)
       */
      periodEnd: string;
      /** @description Every entry before the month, in the currency's minor units (cents; whole yen for JPY) */
      openingBalanceMinor: number;
      /** @description Commissions earned in the month (+), in the currency's minor units (cents; whole yen for JPY) */
      commissionsMinor: number;
      /** @description Reversals and adjustments in the month (-), in the currency's minor units (cents; whole yen for JPY) */
      reversalsAndAdjustmentsMinor: number;
      /** @description Payouts in the month (- for what they paid, + for adjustments they netted off), in the currency's minor units (cents; whole yen for JPY) */
      payoutsMinor: number;
      /** @description Opening balance + commissions + reversals and adjustments + payouts; the next month's opening, in the currency's minor units (cents; whole yen for JPY) */
      closingBalanceMinor: number;
      /** @description openingBalanceMinor as a decimal string with the currency's own decimals */
      openingBalance: string;
      /** @description commissionsMinor as a decimal string with the currency's own decimals */
      commissions: string;
      /** @description reversalsAndAdjustmentsMinor as a decimal string with the currency's own decimals */
      reversalsAndAdjustments: string;
      /** @description payoutsMinor as a decimal string with the currency's own decimals */
      payouts: string;
      /** @description closingBalanceMinor as a decimal string with the currency's own decimals */
      closingBalance: string;
      /** @description The month's entries, oldest first */
      lines: components["schemas"]["StatementLine"][];
    };
    StatementLine: {
      entryId: number;
      /**
       * Format: date-time
       * @description UTC timestamp (ISO 8601)
       */
      occurredAt: string;
      /** @enum {string} */
      type: "commission" | "reversal" | "adjustment" | "payout" | "payout_voided";
      /** @description The type in words: Commission, Reversal, Adjustment, Payout or Payout voided (a voided payout's reversal, decision 187) */
      label: string;
      commissionId: number;
      referralId: number;
      referredPersonName: string;
      businessId: number;
      businessName: string;
      payoutId: number | null;
      /** @description The payout's reference (payout entries) */
      payoutReference: string | null;
      /** @description Signed amount, in the currency's minor units (cents; whole yen for JPY) */
      amountMinor: number;
      /** @description amountMinor as a decimal string with the currency's own decimals */
      amount: string;
    };
    InvitationAccepted: {
      /** @description e.g. "You joined Acme Pte Ltd" */
      message: string;
      member: components["schemas"]["TeamMember"];
    };
    TeamMemberRemoved: {
      /** @enum {string} */
      message: "Member removed" | "Invitation revoked";
      member: components["schemas"]["TeamMember"];
    };
    InvitationSent: {
      /** @constant */
      message: "Invitation sent";
      member: components["schemas"]["TeamMember"];
    };
    EmailPreferences: {
      /** @description Mail about new referrals to a business you own or work for */
      referralReceived: boolean;
      /** @description Mail when a business updates a referral you made */
      referralUpdated: boolean;
      /** @description Reminder mail from the Warm Intros team */
      referralReminder: boolean;
      /** @description Mail when a referred person accepts or declines an introduction, or lets it lapse */
      referralConsent: boolean;
      /** @description Mail when the other side writes in a referral's conversation (once until you have read it) */
      referralMessage: boolean;
      /** @description Mail when a referral to your business has waited past its response window */
      referralReviewDue: boolean;
      /** @description Mail when a dispute about a referral is opened, answered or decided */
      referralDispute: boolean;
      /** @description Whether your address is verified; no notification mail is sent until it is */
      emailVerified: boolean;
    };
    WebhookDelivery: {
      /** @description Delivery id (the Webhook-Delivery header) */
      id: number;
      /** @description Webhook endpoint id */
      endpointId: number;
      /** @description The event id (evt_...; the Webhook-Id header) */
      eventId: string;
      /**
       * @description The event's type; ping for a test event (POST /api/webhooks/{id}/test)
       * @enum {string}
       */
      eventType: "referral.created" | "referral.status_changed" | "referral.consent_changed" | "team_member.added" | "team_member.removed" | "commission.created" | "commission.payable" | "commission.reversed" | "payout.recorded" | "payout.requested" | "payout.voided" | "referral.updated" | "referral.message_posted" | "team_member.invitation_resent" | "team_member.joined" | "business.updated" | "dispute.opened" | "dispute.answered" | "dispute.resolved" | "ping";
      /**
       * @description Why the delivery exists: event (the endpoint subscribes to the event's type), test (a test event), redelivery (the event redelivered by hand with POST /api/webhooks/{id}/deliveries)
       * @enum {string}
       */
      trigger: "event" | "test" | "redelivery";
      /** @enum {string} */
      status: "pending" | "succeeded" | "failed";
      attempts: number;
      /** @description Your endpoint's last HTTP status */
      responseStatus: number | null;
      /** @description Why the last attempt failed, as a classification (never your endpoint's answer): http_<status> (a non-2xx, non-3xx answer), redirect (a 3xx; redirects are not followed), timeout (no answer in 10 s), network_error, dns_error (the endpoint's name could not be resolved right before the send; retried), blocked_destination (the URL is refused, or its name resolves to a private or special-purpose address; not retried), endpoint_removed */
      lastError: string | null;
      durationMs: number | null;
      lastAttemptAt: string | null;
      /** @description When a pending delivery is tried next */
      nextAttemptAt: string | null;
      /**
       * Format: date-time
       * @description UTC timestamp (ISO 8601)
       */
      createdAt: string;
    };
    WebhookEndpoint: {
      /** @description Webhook endpoint id */
      id: number;
      /** @description Business id */
      businessId: number;
      url: string;
      description: string | null;
      events: ("referral.created" | "referral.status_changed" | "referral.consent_changed" | "team_member.added" | "team_member.removed" | "commission.created" | "commission.payable" | "commission.reversed" | "payout.recorded" | "payout.requested" | "payout.voided" | "referral.updated" | "referral.message_posted" | "team_member.invitation_resent" | "team_member.joined" | "business.updated" | "dispute.opened" | "dispute.answered" | "dispute.resolved")[];
      /** @description Signs every delivery (whsec_...); see Webhooks > Verifying signatures */
      secret: string;
      /**
       * @description standard: Standard Webhooks headers (webhook-id, webhook-timestamp, webhook-signature: v1,<base64>), verifiable with the standardwebhooks or svix libraries; every endpoint made since 2026-11-24. legacy: Webhook-Signature: t=<unix seconds>,v1=<hex>, for endpoints made before, sent until 2027-05-31 or until POST /api/webhooks/{id}/secret/upgrade
       * @enum {string}
       */
      signatureScheme: "standard" | "legacy";
      /** @description For a legacy endpoint, when its legacy signatures stop (switch before with POST /api/webhooks/{id}/secret/upgrade); null for a standard one */
      legacySignaturesUntil: string | null;
      /** @description After POST /api/webhooks/{id}/secret/rotate: until then deliveries carry a second v1 signature made with the previous secret; null when none does */
      previousSecretExpiresAt: string | null;
      /**
       * Format: date-time
       * @description UTC timestamp (ISO 8601)
       */
      createdAt: string;
    };
    WebhookEndpointCreated: {
      /** @description Webhook endpoint id */
      id: number;
      /** @description Business id */
      businessId: number;
      url: string;
      description: string | null;
      events: ("referral.created" | "referral.status_changed" | "referral.consent_changed" | "team_member.added" | "team_member.removed" | "commission.created" | "commission.payable" | "commission.reversed" | "payout.recorded" | "payout.requested" | "payout.voided" | "referral.updated" | "referral.message_posted" | "team_member.invitation_resent" | "team_member.joined" | "business.updated" | "dispute.opened" | "dispute.answered" | "dispute.resolved")[];
      /** @description Signs every delivery (whsec_...). null in an Idempotency-Key replay (Idempotent-Replayed: true): secrets are never stored for replays; read it with GET /api/webhooks/{id}. */
      secret: string | null;
      /**
       * @description standard: Standard Webhooks headers (webhook-id, webhook-timestamp, webhook-signature: v1,<base64>), verifiable with the standardwebhooks or svix libraries; every endpoint made since 2026-11-24. legacy: Webhook-Signature: t=<unix seconds>,v1=<hex>, for endpoints made before, sent until 2027-05-31 or until POST /api/webhooks/{id}/secret/upgrade
       * @enum {string}
       */
      signatureScheme: "standard" | "legacy";
      /** @description For a legacy endpoint, when its legacy signatures stop (switch before with POST /api/webhooks/{id}/secret/upgrade); null for a standard one */
      legacySignaturesUntil: string | null;
      /** @description After POST /api/webhooks/{id}/secret/rotate: until then deliveries carry a second v1 signature made with the previous secret; null when none does */
      previousSecretExpiresAt: string | null;
      /**
       * Format: date-time
       * @description UTC timestamp (ISO 8601)
       */
      createdAt: string;
    };
  };
  responses: never;
  parameters: never;
  requestBodies: never;
  headers: {
    /** @description This request's id (your own X-Request-Id is echoed when it is 8 to 128 of A-Z a-z 0-9 . _ : -). Quote it when you report a problem. */
    "X-Request-Id": string;
    /** @description Read-your-writes (decisions 074, 118): where in the database's history this answer stands, signed by the app; sent only to a caller with a session or an API key. Send the latest one back unchanged as the X-D1-Bookmark request header and your next request is answered from a copy at least that new; a value the app did not issue is ignored. */
    "X-D1-Bookmark": string;
    /** @description The total number of items matching the request, before limit and offset */
    "X-Total-Count": number;
    /** @description The total number of items matching the request, before limit and offset: sent with JSON pages only; a text/csv download (format=csv) has every row and no count */
    "X-Total-Count-JSON-Only": number;
    /** @description `true` when a search stopped counting at its window (1,000 matches): `X-Total-Count` is then 1000, and the pages end there. Absent otherwise */
    "X-Total-Count-Capped": "true";
    /** @description Requests allowed per API key per minute (600); sent on API-key requests */
    "RateLimit-Limit": number;
    /** @description Requests left in the current window; sent on API-key requests */
    "RateLimit-Remaining": number;
    /** @description Seconds until the window resets; sent on API-key requests */
    "RateLimit-Reset": number;
    /** @description Seconds to wait before retrying */
    "Retry-After": number;
    /** @description Seconds to wait before retrying: sent only when a request with the same Idempotency-Key is still in progress, not with this status's other reasons */
    "Retry-After-In-Progress": number;
    /** @description true when this is the stored response to an earlier request with the same Idempotency-Key */
    "Idempotent-Replayed": "true";
    /** @description The session cookie: __Host-session over HTTPS (Secure, Path=/, no Domain), __session over plain HTTP on localhost; HttpOnly, SameSite=Lax */
    "Set-Cookie": string;
    /** @description How many of your notifications are unread */
    "X-Unread-Count": number;
    /** @description The next page while there is one (RFC 8288): <path?...&startingAfter=evt_...>; rel="next" going back, <...&endingBefore=evt_...>; rel="next" polling forward. Absent on the last page. */
    Link: string;
  };
  pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
  listActivity: {
    parameters: {
      query?: {
        /** @description Search action and details */
        q?: string;
        /** @description Page size, 1 to 500 */
        limit?: number;
        /** @description How many items to skip */
        offset?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of activity */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
          "X-Total-Count": components["headers"]["X-Total-Count"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ActivityLog"][];
        };
      };
      /** @description Bad request: limit or offset is out of range. */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not authenticated: no session (log in first). */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden: you are not a platform admin; an API key was sent: this endpoint takes a session only; a platform admin has not set up two-factor yet (outside development). */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listBusinessActivity: {
    parameters: {
      query?: {
        /** @description Page size, 1 to 500 */
        limit?: number;
        /** @description How many items to skip */
        offset?: number;
      };
      header?: never;
      path: {
        /** @description Business id */
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of activity */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
          "X-Total-Count": components["headers"]["X-Total-Count"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ActivityLog"][];
        };
      };
      /** @description Bad request: limit or offset is out of range. */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not authenticated: no session (log in first). */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden: an API key was sent: this endpoint takes a session only. */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found: no such business, or you are not on its team. */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listUserActivity: {
    parameters: {
      query?: {
        /** @description Page size, 1 to 500 */
        limit?: number;
        /** @description How many items to skip */
        offset?: number;
      };
      header?: never;
      path: {
        /** @description User id */
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of activity */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
          "X-Total-Count": components["headers"]["X-Total-Count"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ActivityLog"][];
        };
      };
      /** @description Bad request: limit or offset is out of range. */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not authenticated: no session (log in first). */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden: an API key was sent: this endpoint takes a session only. */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found: not you. */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listAdminBusinesses: {
    parameters: {
      query?: {
        q?: string;
        sector?: string;
        sort?: "companyName" | "createdAt" | "referrals";
        dir?: "asc" | "desc";
        /** @description Page size, 1 to 500 */
        limit?: number;
        /** @description How many items to skip */
        offset?: number;
        /** @description csv downloads every row of the current filter as text/csv (limit and offset do not apply) */
        format?: "csv";
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of businesses (or the CSV) */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
          "X-Total-Count": components["headers"]["X-Total-Count-JSON-Only"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["AdminBusinessRow"][];
          "text/csv": string;
        };
      };
      /** @description Bad request: limit or offset is out of range; a filter or sort value is not one of those listed. */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not authenticated: no session (log in first). */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden: you are not a platform admin; an API key was sent: this endpoint takes a session only; a platform admin has not set up two-factor yet (outside development). */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listAdminConnectors: {
    parameters: {
      query?: {
        q?: string;
        accountType?: "individual" | "business";
        status?: "active" | "suspended";
        sort?: "name" | "createdAt" | "referrals";
        dir?: "asc" | "desc";
        /** @description Page size, 1 to 500 */
        limit?: number;
        /** @description How many items to skip */
        offset?: number;
        /** @description csv downloads every row of the current filter as text/csv (limit and offset do not apply) */
        format?: "csv";
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of connectors (or the CSV) */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
          "X-Total-Count": components["headers"]["X-Total-Count-JSON-Only"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["AdminConnectorRow"][];
          "text/csv": string;
        };
      };
      /** @description Bad request: limit or offset is out of range; a filter or sort value is not one of those listed. */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not authenticated: no session (log in first). */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden: you are not a platform admin; an API key was sent: this endpoint takes a session only; a platform admin has not set up two-factor yet (outside development). */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  decideDispute: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Dispute id */
        id: number;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["DisputeDecision"];
      };
    };
    responses: {
      /** @description The decided dispute */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Dispute"];
        };
      };
      /** @description Bad request: a field is missing or invalid (errors has a message per field); decision or note is missing or not valid. */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not authenticated: no session (log in first). */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden: you are not a platform admin; the password was last entered more than 10 minutes ago; an API key was sent: this endpoint takes a session only; a platform admin has not set up two-factor yet (outside development); a request carrying the session cookie came from another site. */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found: no such dispute. */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict: the business may still answer it, or it is settled; the referral has since left rejected or completed; the referral changed while the dispute was being settled: nothing was written. */
      409: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Body too large: the body is over 1 MB. */
      413: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not JSON: the Content-Type is not application/json. */
      415: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getAdminPayables: {
    parameters: {
      query?: {
        /** @description Page size, 1 to 500 */
        limit?: number;
        /** @description How many items to skip */
        offset?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The payables */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Payables"];
        };
      };
      /** @description Bad request: limit or offset is out of range. */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not authenticated: no session (log in first). */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden: you are not a platform admin; an API key was sent: this endpoint takes a session only; a platform admin has not set up two-factor yet (outside development). */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listOverdueReferrals: {
    parameters: {
      query?: {
        /** @description Page size, 1 to 500 */
        limit?: number;
        /** @description How many items to skip */
        offset?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of overdue referrals */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
          "X-Total-Count": components["headers"]["X-Total-Count"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["OverdueReferral"][];
        };
      };
      /** @description Bad request: limit or offset is out of range. */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not authenticated: no session (log in first). */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden: you are not a platform admin; an API key was sent: this endpoint takes a session only; a platform admin has not set up two-factor yet (outside development). */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  remindBusiness: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Referral id */
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Sent */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ReminderResult"];
        };
      };
      /** @description Not authenticated: no session (log in first). */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden: you are not a platform admin; the password was last entered more than 10 minutes ago; an API key was sent: this endpoint takes a session only; a platform admin has not set up two-factor yet (outside development); a request carrying the session cookie came from another site. */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found: no such referral. */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict: the referral is completed or rejected: the business has nothing left to decide. */
      409: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getAdminStats: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The totals */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["AdminStats"];
        };
      };
      /** @description Not authenticated: no session (log in first). */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden: you are not a platform admin; an API key was sent: this endpoint takes a session only; a platform admin has not set up two-factor yet (outside development). */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  setUserSuspension: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description User id */
        id: number;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["Suspension"];
      };
    };
    responses: {
      /** @description The new state */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["SuspensionResult"];
        };
      };
      /** @description Bad request: a field is missing or invalid (errors has a message per field). */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not authenticated: no session (log in first). */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden: you are not a platform admin; the password was last entered more than 10 minutes ago; an API key was sent: this endpoint takes a session only; a platform admin has not set up two-factor yet (outside development); a request carrying the session cookie came from another site. */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found: no such user. */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Body too large: the body is over 1 MB. */
      413: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not JSON: the Content-Type is not application/json. */
      415: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unprocessable: the user is an admin. */
      422: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listApiKeys: {
    parameters: {
      query?: {
        /** @description List this business's keys instead of your personal keys */
        businessId?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The keys */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
          "X-Total-Count": components["headers"]["X-Total-Count"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ApiKey"][];
        };
      };
      /** @description Bad request: businessId is not a positive whole number. */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not authenticated: no session (log in first). */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden: platform admins have no keys; you are a team member, not the owner or a team admin; an API key was sent: this endpoint takes a session only. */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found: no such business, or you are not on its team. */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  createApiKey: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the request safe to retry: a retry with the same key and body within 24 hours returns the first response (with Idempotent-Replayed: true) instead of creating twice. The retry is authenticated as the first request was: a revoked key or an ended session gets the 401, and a key's retry counts against its rate limit (RateLimit-* as usual). 1 to 255 visible ASCII characters, e.g. a UUID. */
        "Idempotency-Key"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["ApiKeyCreate"];
      };
    };
    responses: {
      /** @description The key, with its secret this once (null in an Idempotency-Key replay) */
      201: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ApiKeyCreated"];
        };
      };
      /** @description Bad request: a field is missing or invalid (errors has a message per field); the Idempotency-Key header is malformed. */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not authenticated: no session (log in first). */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden: platform admins have no keys; you are a team member, not the owner or a team admin; an API key was sent: this endpoint takes a session only; a request carrying the session cookie came from another site. */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found: no such business, or you are not on its team. */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict: a request with the same Idempotency-Key is still running (see Retry-After). */
      409: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Body too large: the body is over 1 MB. */
      413: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not JSON: the Content-Type is not application/json. */
      415: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unprocessable: a personal key asked for team:read; you have no connector profile yet; the Idempotency-Key was used with a different body. */
      422: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  revokeApiKey: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description API key id */
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The revoked key */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ApiKey"];
        };
      };
      /** @description Not authenticated: no session (log in first). */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden: you are a team member, not the owner or a team admin; an API key was sent: this endpoint takes a session only; a request carrying the session cookie came from another site. */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found: no such key, or not yours to manage. */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  login: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["Login"];
      };
    };
    responses: {
      /** @description Logged in and the session cookie is set (a User), or, with two-factor on, a TwoFactorChallenge and no cookie */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
          "Set-Cookie": components["headers"]["Set-Cookie"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["User"] | components["schemas"]["TwoFactorChallenge"];
        };
      };
      /** @description Bad request: a field is missing or invalid (errors has a message per field). */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not authenticated: wrong username or password. */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden: the account is suspended. */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Body too large: the body is over 1 MB. */
      413: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not JSON: the Content-Type is not application/json. */
      415: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests: too many failed attempts from this client (see Retry-After). */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  loginTwoFactor: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["TwoFactorLogin"];
      };
    };
    responses: {
      /** @description Logged in; the session cookie is set */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
          "Set-Cookie": components["headers"]["Set-Cookie"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["User"];
        };
      };
      /** @description Bad request: a field is missing or invalid (errors has a message per field). */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not authenticated: the code is wrong or was used already; the recovery code is wrong or was used already; the challenge is unknown, used, lapsed or out of attempts. */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden: the account is suspended. */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Body too large: the body is over 1 MB. */
      413: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not JSON: the Content-Type is not application/json. */
      415: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests: too many failed attempts (see Retry-After). */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  logout: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Logged out */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
          "Set-Cookie": components["headers"]["Set-Cookie"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Message"];
        };
      };
      /** @description Forbidden: a request carrying the session cookie came from another site. */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getMe: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The signed-in user */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["User"];
        };
      };
      /** @description Not authenticated: no session (log in first). */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden: an API key was sent: this endpoint takes a session only. */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  requestPasswordReset: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["PasswordResetRequest"];
      };
    };
    responses: {
      /** @description Accepted, whatever the address */
      202: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Message"];
        };
      };
      /** @description Bad request: a field is missing or invalid (errors has a message per field). */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Body too large: the body is over 1 MB. */
      413: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not JSON: the Content-Type is not application/json. */
      415: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests: too many requests from this client (see Retry-After). */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  confirmPasswordReset: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["PasswordResetConfirmation"];
      };
    };
    responses: {
      /** @description The password is set */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Message"];
        };
      };
      /** @description Bad request: a field is missing or invalid (errors has a message per field); the token is unknown, used or lapsed. */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Body too large: the body is over 1 MB. */
      413: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not JSON: the Content-Type is not application/json. */
      415: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  reauthenticate: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["Reauthenticate"];
      };
    };
    responses: {
      /** @description Confirmed */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Message"];
        };
      };
      /** @description Bad request: a field is missing or invalid (errors has a message per field); the password is wrong. */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not authenticated: no session (log in first). */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden: an API key was sent: this endpoint takes a session only; a request carrying the session cookie came from another site. */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Body too large: the body is over 1 MB. */
      413: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not JSON: the Content-Type is not application/json. */
      415: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests: too many wrong passwords (see Retry-After). */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listSessions: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Your sessions */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["UserSession"][];
        };
      };
      /** @description Not authenticated: no session (log in first). */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden: an API key was sent: this endpoint takes a session only. */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  endOtherSessions: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The other sessions are ended */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["OtherSessionsEnded"];
        };
      };
      /** @description Not authenticated: no session (log in first). */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden: an API key was sent: this endpoint takes a session only; a request carrying the session cookie came from another site. */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  endSession: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The session's id from GET /api/auth/sessions */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Signed out */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Message"];
        };
      };
      /** @description Not authenticated: no session (log in first). */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden: an API key was sent: this endpoint takes a session only; a request carrying the session cookie came from another site. */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found: not one of your live sessions. */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  signup: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["Signup"];
      };
    };
    responses: {
      /** @description The new user; the session cookie is set */
      201: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
          "Set-Cookie": components["headers"]["Set-Cookie"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["User"];
        };
      };
      /** @description Bad request: a field is missing or invalid (errors has a message per field). */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict: the username is taken (in any letter case). */
      409: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Body too large: the body is over 1 MB. */
      413: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not JSON: the Content-Type is not application/json. */
      415: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests: too many signups from this client (see Retry-After). */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  startTwoFactorSetup: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The setup, waiting for a code */
      201: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["TwoFactorSetup"];
        };
      };
      /** @description Not authenticated: no session (log in first). */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden: the password was last entered more than 10 minutes ago; an API key was sent: this endpoint takes a session only; a request carrying the session cookie came from another site. */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict: two-factor is on already. */
      409: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  disableTwoFactor: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["TwoFactorDisable"];
      };
    };
    responses: {
      /** @description Two-factor is off */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Message"];
        };
      };
      /** @description Bad request: a field is missing or invalid (errors has a message per field); the current password is wrong; the code is wrong or was used already. */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not authenticated: no session (log in first). */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden: a platform admin must keep two-factor on; an API key was sent: this endpoint takes a session only; a request carrying the session cookie came from another site. */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict: two-factor is off already. */
      409: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Body too large: the body is over 1 MB. */
      413: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not JSON: the Content-Type is not application/json. */
      415: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  confirmTwoFactorSetup: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["TwoFactorCode"];
      };
    };
    responses: {
      /** @description Two-factor is on */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["RecoveryCodes"];
        };
      };
      /** @description Bad request: a field is missing or invalid (errors has a message per field); the code is wrong. */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not authenticated: no session (log in first). */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden: the password was last entered more than 10 minutes ago; an API key was sent: this endpoint takes a session only; a request carrying the session cookie came from another site. */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict: no setup was started; two-factor is on already. */
      409: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Body too large: the body is over 1 MB. */
      413: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not JSON: the Content-Type is not application/json. */
      415: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  regenerateRecoveryCodes: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["TwoFactorCode"];
      };
    };
    responses: {
      /** @description The new codes */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["RecoveryCodes"];
        };
      };
      /** @description Bad request: a field is missing or invalid (errors has a message per field); the code is wrong or was used already. */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not authenticated: no session (log in first). */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden: the password was last entered more than 10 minutes ago; an API key was sent: this endpoint takes a session only; a request carrying the session cookie came from another site. */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict: two-factor is off. */
      409: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Body too large: the body is over 1 MB. */
      413: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not JSON: the Content-Type is not application/json. */
      415: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  verifyEmail: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["EmailVerification"];
      };
    };
    responses: {
      /** @description The user, now with emailVerified true */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["User"];
        };
      };
      /** @description Bad request: a field is missing or invalid (errors has a message per field); the token is unknown, used, lapsed or for an address the user no longer has. */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Body too large: the body is over 1 MB. */
      413: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not JSON: the Content-Type is not application/json. */
      415: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  resendEmailVerification: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The link is on its way */
      202: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Message"];
        };
      };
      /** @description Bad request: your profile has no email address. */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not authenticated: no session (log in first). */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden: an API key was sent: this endpoint takes a session only; a request carrying the session cookie came from another site; an API key was sent: this endpoint takes a session only. */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict: the address is verified already. */
      409: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests: a link was sent less than a minute ago; five links were sent in the last day. */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listBusinesses: {
    parameters: {
      query?: {
        /** @description Search name, sector, nature, description, UEN and fee by word prefixes: every word must begin a word of the business (`legal adv` finds Legal Advisory; case and accents ignored), a word with punctuation (`5%`) must also appear as written, and a match in the name ranks above one in the description. */
        q?: string;
        /** @description Page size, 1 to 500 */
        limit?: number;
        /** @description How many items to skip */
        offset?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of businesses */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
          "X-Total-Count-Capped": components["headers"]["X-Total-Count-Capped"];
          "X-Total-Count": components["headers"]["X-Total-Count"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Business"][];
        };
      };
      /** @description Bad request: limit or offset is out of range. */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not authenticated: no session (log in first). */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden: an API key was sent: this endpoint takes a session only. */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  createBusiness: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the request safe to retry: a retry with the same key and body within 24 hours returns the first response (with Idempotent-Replayed: true) instead of creating twice. The retry is authenticated as the first request was: a revoked key or an ended session gets the 401, and a key's retry counts against its rate limit (RateLimit-* as usual). 1 to 255 visible ASCII characters, e.g. a UUID. */
        "Idempotency-Key"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["BusinessCreate"];
      };
    };
    responses: {
      /** @description The business */
      201: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Business"];
        };
      };
      /** @description Bad request: a field is missing or invalid (errors has a message per field); the Idempotency-Key header is malformed. */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not authenticated: no session (log in first). */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden: userId is not yours; an API key was sent: this endpoint takes a session only; a request carrying the session cookie came from another site. */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict: you already have a business; the UEN is taken; a request with the same Idempotency-Key is still running (see Retry-After). */
      409: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "Retry-After": components["headers"]["Retry-After-In-Progress"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Body too large: the body is over 1 MB. */
      413: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not JSON: the Content-Type is not application/json. */
      415: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unprocessable: the Idempotency-Key was used with a different body. */
      422: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getMyBusiness: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The business and your role */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["MyBusiness"];
        };
      };
      /** @description Not authenticated: no session (log in first). */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden: an API key was sent: this endpoint takes a session only. */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found: you neither own nor work for a business. */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getBusinessByUser: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The owner's user id */
        userId: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The business */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Business"];
        };
      };
      /** @description Not authenticated: no session (log in first). */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden: an API key was sent: this endpoint takes a session only. */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found: the user owns no business. */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getBusiness: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Business id */
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The business */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Business"];
        };
      };
      /** @description Not authenticated: no session (log in first). */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden: an API key was sent: this endpoint takes a session only. */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found: no such business. */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  updateBusiness: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Business id */
        id: number;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["BusinessUpdate"];
      };
    };
    responses: {
      /** @description The updated business */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Business"];
        };
      };
      /** @description Bad request: a field is missing or invalid (errors has a message per field). */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not authenticated: no session (log in first). */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden: you are a team member, not the owner or a team admin; an API key was sent: this endpoint takes a session only; a request carrying the session cookie came from another site. */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found: no such business, or you are not on its team. */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict: the UEN is taken. */
      409: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Body too large: the body is over 1 MB. */
      413: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not JSON: the Content-Type is not application/json. */
      415: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getPayoutSettings: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Business id */
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The payout settings */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["PayoutSettings"];
        };
      };
      /** @description Not authenticated: no session (log in first). */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden: you are a team member, not the owner or a team admin; an API key was sent: this endpoint takes a session only. */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found: no such business, or you are not on its team. */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  updatePayoutSettings: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Business id */
        id: number;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["PayoutSettingsUpdate"];
      };
    };
    responses: {
      /** @description The payout settings */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["PayoutSettings"];
        };
      };
      /** @description Bad request: a field is missing or invalid (errors has a message per field); a field is not valid, or neither was sent; the errors say which. */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not authenticated: no session (log in first). */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden: you are a team member, not the owner or a team admin; an API key was sent: this endpoint takes a session only; a request carrying the session cookie came from another site. */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found: no such business, or you are not on its team. */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Body too large: the body is over 1 MB. */
      413: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not JSON: the Content-Type is not application/json. */
      415: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getPersonalLink: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Business id */
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Your personal link */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["PersonalLink"];
        };
      };
      /** @description Not authenticated: no session (log in first). */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden: platform admins make no referrals; a business key has no connector; an API key was sent: this endpoint takes a session only. */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found: the business does not exist. */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unprocessable: you have no connector profile yet; you work for the business. */
      422: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listCommissions: {
    parameters: {
      query?: {
        /** @description Whose commissions: connector (your own, the default without businessId) or business (the business named by businessId, else the one you own or work for). A business API key always reads its business; a personal key only its connector. */
        as?: "connector" | "business";
        /** @description Only commissions in this status */
        status?: "pending" | "payable" | "paid" | "reversed";
        /** @description Only commissions in this currency */
        currency?: "SGD" | "USD" | "EUR" | "GBP" | "AUD" | "JPY" | "CNY" | "HKD" | "MYR" | "IDR";
        /** @description commission, or adjustment (a clawback of a paid commission) */
        kind?: "commission" | "adjustment";
        /** @description A business: its commissions (you must own it or be on its team; admins any). With as=connector it narrows your own to that business. */
        businessId?: number;
        /** @description Only this connector's (admins; a team within its business) */
        connectorId?: number;
        /** @description Only this referral's */
        referralId?: number;
        /** @description Page size, 1 to 500 */
        limit?: number;
        /** @description How many items to skip */
        offset?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of commissions */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
          "X-Total-Count": components["headers"]["X-Total-Count"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Commission"][];
        };
      };
      /** @description Bad request: limit or offset is out of range; a filter is not one of its listed values, or an id is not a positive whole number. */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not authenticated: no session (log in first); the API key is unknown or revoked. */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden: a business API key asked for as=connector; a personal API key asked for as=business; the API key lacks the scope. */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found: no such business, or you are not on its team (a key: not its business). */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests: more than 600 requests in a minute with this key (see Retry-After). */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "Retry-After": components["headers"]["Retry-After"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getCommission: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Commission id */
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The commission */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Commission"];
        };
      };
      /** @description Not authenticated: no session (log in first); the API key is unknown or revoked. */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden: the API key lacks the scope. */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found: no such commission, or not yours to see. */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests: more than 600 requests in a minute with this key (see Retry-After). */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "Retry-After": components["headers"]["Retry-After"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listConnectors: {
    parameters: {
      query?: {
        /** @description Page size, 1 to 500 */
        limit?: number;
        /** @description How many items to skip */
        offset?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of connectors */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
          "X-Total-Count": components["headers"]["X-Total-Count"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Connector"][];
        };
      };
      /** @description Bad request: limit or offset is out of range. */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not authenticated: no session (log in first). */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden: you are not a platform admin; an API key was sent: this endpoint takes a session only; a platform admin has not set up two-factor yet (outside development). */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getConnectorByUser: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description User id */
        userId: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The connector profile */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Connector"];
        };
      };
      /** @description Not authenticated: no session (log in first). */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden: an API key was sent: this endpoint takes a session only. */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found: no profile, or not yours. */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listDisputes: {
    parameters: {
      query?: {
        /** @description Page size, 1 to 500 */
        limit?: number;
        /** @description How many items to skip */
        offset?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of disputes */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
          "X-Total-Count": components["headers"]["X-Total-Count"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ListedDispute"][];
        };
      };
      /** @description Bad request: limit or offset is out of range. */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not authenticated: no session (log in first); the API key is unknown or revoked. */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden: the API key lacks the scope. */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests: more than 600 requests in a minute with this key (see Retry-After). */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "Retry-After": components["headers"]["Retry-After"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  answerDispute: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Dispute id */
        id: number;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["DisputeAnswer"];
      };
    };
    responses: {
      /** @description The answered dispute */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Dispute"];
        };
      };
      /** @description Bad request: a field is missing or invalid (errors has a message per field); answer is missing or not accept or disagree. */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not authenticated: no session (log in first); the API key is unknown or revoked. */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden: you are not the business's owner or a team admin; the API key lacks the scope; a request carrying the session cookie came from another site. */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found: no such dispute, or not yours to see. */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict: the dispute was already answered or decided; the response window has passed; the referral changed while the dispute was being settled: nothing was written. */
      409: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Body too large: the body is over 1 MB. */
      413: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not JSON: the Content-Type is not application/json. */
      415: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests: more than 600 requests in a minute with this key (see Retry-After). */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "Retry-After": components["headers"]["Retry-After"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getEarnings: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Your balances */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Earnings"];
        };
      };
      /** @description Not authenticated: no session (log in first); the API key is unknown or revoked. */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden: a business API key: earnings are a connector's own; the API key lacks the scope. */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found: you have no connector profile (or you are a platform admin). */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests: more than 600 requests in a minute with this key (see Retry-After). */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "Retry-After": components["headers"]["Retry-After"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listEvents: {
    parameters: {
      query?: {
        /** @description Page size, 1 to 100 */
        limit?: number;
        /** @description An event id: the events just older than it (the next page back). Not with endingBefore. */
        startingAfter?: string;
        /** @description An event id: the events just newer than it, the oldest first in line (still listed newest first): poll with the newest id you have seen to get what is new, missing nothing. */
        endingBefore?: string;
        /** @description Only these types: repeat the parameter or separate types with commas */
        type?: ("referral.created" | "referral.status_changed" | "referral.consent_changed" | "team_member.added" | "team_member.removed" | "commission.created" | "commission.payable" | "commission.reversed" | "payout.recorded" | "payout.requested" | "payout.voided" | "referral.updated" | "referral.message_posted" | "team_member.invitation_resent" | "team_member.joined" | "business.updated" | "dispute.opened" | "dispute.answered" | "dispute.resolved")[];
        /** @description Only events created at or after this time (ISO 8601 with Z or an offset, or a date: midnight UTC) */
        createdFrom?: string | unknown | unknown;
        /** @description Only events created before this time (ISO 8601, or a date) */
        createdBefore?: string | unknown | unknown;
        /** @description With a session: a business you own or are a team admin of (without it: your own connector's events). A business key: its own business only. */
        businessId?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of events, newest first (empty past the last) */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
          Link: components["headers"]["Link"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": (components["schemas"]["ReferralCreatedEvent"] | components["schemas"]["ReferralStatusChangedEvent"] | components["schemas"]["ReferralConsentChangedEvent"] | components["schemas"]["TeamMemberAddedEvent"] | components["schemas"]["TeamMemberRemovedEvent"] | components["schemas"]["CommissionCreatedEvent"] | components["schemas"]["CommissionPayableEvent"] | components["schemas"]["CommissionReversedEvent"] | components["schemas"]["PayoutRecordedEvent"] | components["schemas"]["PayoutRequestedEvent"] | components["schemas"]["PayoutVoidedEvent"] | components["schemas"]["ReferralUpdatedEvent"] | components["schemas"]["ReferralMessagePostedEvent"] | components["schemas"]["TeamMemberInvitationResentEvent"] | components["schemas"]["TeamMemberJoinedEvent"] | components["schemas"]["BusinessUpdatedEvent"] | components["schemas"]["DisputeOpenedEvent"] | components["schemas"]["DisputeAnsweredEvent"] | components["schemas"]["DisputeResolvedEvent"])[];
        };
      };
      /** @description Bad request: limit or offset is out of range; a type is unknown, a time is not ISO 8601, limit is out of range, or both cursors were given; startingAfter or endingBefore is not an event of this feed (another's, or older than 30 days). */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not authenticated: no session (log in first); the API key is unknown or revoked. */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden: a personal API key named a businessId; an API key asked for a type its scopes cannot read (e.g. team_member.added without team:read); you are on the business's team but not its owner or a team admin; the API key lacks the scope. */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found: no such business, or you are not on its team (a business key: not its business). */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests: more than 600 requests in a minute with this key (see Retry-After). */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "Retry-After": components["headers"]["Retry-After"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getIntroduction: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The token from the introduction link /intro/{token} */
        token: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The introduction */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Introduction"];
        };
      };
      /** @description Not found: the link is unknown. */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests: too many looks or answers from this client (see Retry-After). */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  answerIntroduction: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The token from the introduction link /intro/{token} */
        token: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["IntroductionAnswer"];
      };
    };
    responses: {
      /** @description The introduction as it now stands */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Introduction"];
        };
      };
      /** @description Bad request: a field is missing or invalid (errors has a message per field). */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found: the link is unknown. */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict: accepted already; declined (or withdrawn) already; not answered within 14 days; the introduction was closed; the corrected email or phone fails a check of a new referral. */
      409: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Body too large: the body is over 1 MB. */
      413: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not JSON: the Content-Type is not application/json. */
      415: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests: too many looks or answers from this client (see Retry-After). */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listNotifications: {
    parameters: {
      query?: {
        /** @description Page size, 1 to 500 */
        limit?: number;
        /** @description How many items to skip */
        offset?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of notifications */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
          "X-Unread-Count": components["headers"]["X-Unread-Count"];
          "X-Total-Count": components["headers"]["X-Total-Count"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Notification"][];
        };
      };
      /** @description Bad request: limit or offset is out of range. */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not authenticated: no session (log in first). */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden: an API key was sent: this endpoint takes a session only. */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  markNotificationsRead: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["MarkRead"];
      };
    };
    responses: {
      /** @description Done */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Message"];
        };
      };
      /** @description Bad request: a field is missing or invalid (errors has a message per field). */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not authenticated: no session (log in first). */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden: an API key was sent: this endpoint takes a session only; a request carrying the session cookie came from another site. */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found: not your notification. */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Body too large: the body is over 1 MB. */
      413: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not JSON: the Content-Type is not application/json. */
      415: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listPayoutMethods: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Your methods, masked */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
          "X-Total-Count": components["headers"]["X-Total-Count"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["PayoutMethod"][];
        };
      };
      /** @description Not authenticated: no session (log in first); the API key is unknown or revoked. */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden: platform admins are paid nothing; a business key; the API key lacks the scope. */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests: more than 600 requests in a minute with this key (see Retry-After). */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "Retry-After": components["headers"]["Retry-After"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  addPayoutMethod: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the request safe to retry: a retry with the same key and body within 24 hours returns the first response (with Idempotent-Replayed: true) instead of creating twice. The retry is authenticated as the first request was: a revoked key or an ended session gets the 401, and a key's retry counts against its rate limit (RateLimit-* as usual). 1 to 255 visible ASCII characters, e.g. a UUID. */
        "Idempotency-Key"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["PayoutMethodInput"];
      };
    };
    responses: {
      /** @description The method, masked */
      201: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["PayoutMethod"];
        };
      };
      /** @description Bad request: a field is missing or invalid (errors has a message per field); the Idempotency-Key header is malformed; a field does not fit its kind; the errors name it; two-factor is on and no code was given. */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not authenticated: no session (log in first). */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden: the password was not entered in the last 10 minutes; an API key cannot change payout methods; platform admins are paid nothing; an API key was sent: this endpoint takes a session only; a request carrying the session cookie came from another site. */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict: another change made a default for this currency at the same moment; a request with the same Idempotency-Key is still running (see Retry-After). */
      409: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "Retry-After": components["headers"]["Retry-After-In-Progress"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Body too large: the body is over 1 MB. */
      413: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not JSON: the Content-Type is not application/json. */
      415: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unprocessable: you have no connector profile yet; the Idempotency-Key was used with a different body. */
      422: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  removePayoutMethod: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Payout method id */
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description It is removed */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["PayoutMethodRemoved"];
        };
      };
      /** @description Not authenticated: no session (log in first). */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden: an API key cannot change payout methods; an API key was sent: this endpoint takes a session only; a request carrying the session cookie came from another site. */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found: no such method of yours (or it was removed). */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  changePayoutMethod: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Payout method id */
        id: number;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["PayoutMethodInput"];
      };
    };
    responses: {
      /** @description The method, masked */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["PayoutMethod"];
        };
      };
      /** @description Bad request: a field is missing or invalid (errors has a message per field); a field does not fit its kind; the errors name it; two-factor is on and no code was given. */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not authenticated: no session (log in first). */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden: the password was not entered in the last 10 minutes; an API key cannot change payout methods; platform admins are paid nothing; an API key was sent: this endpoint takes a session only; a request carrying the session cookie came from another site. */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found: no such method of yours (or it was removed, or you have no connector profile). */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Body too large: the body is over 1 MB. */
      413: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not JSON: the Content-Type is not application/json. */
      415: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listPayoutRequests: {
    parameters: {
      query?: {
        /** @description Only requests to this business */
        businessId?: number;
        /** @description Only requests of this connector */
        connectorId?: number;
        /** @description Only requests in this currency */
        currency?: "SGD" | "USD" | "EUR" | "GBP" | "AUD" | "JPY" | "CNY" | "HKD" | "MYR" | "IDR";
        /** @description open: every unpaid request (overdue ones too); overdue: unpaid past the due date; paid: settled by a payout */
        state?: "open" | "overdue" | "paid";
        /** @description Page size, 1 to 500 */
        limit?: number;
        /** @description How many items to skip */
        offset?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of payout requests */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
          "X-Total-Count": components["headers"]["X-Total-Count"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["PayoutRequest"][];
        };
      };
      /** @description Bad request: limit or offset is out of range. */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not authenticated: no session (log in first); the API key is unknown or revoked. */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden: businessId names a business where you are only a team member; the API key lacks the scope. */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests: more than 600 requests in a minute with this key (see Retry-After). */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "Retry-After": components["headers"]["Retry-After"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  requestPayout: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the request safe to retry: a retry with the same key and body within 24 hours returns the first response (with Idempotent-Replayed: true) instead of creating twice. The retry is authenticated as the first request was: a revoked key or an ended session gets the 401, and a key's retry counts against its rate limit (RateLimit-* as usual). 1 to 255 visible ASCII characters, e.g. a UUID. */
        "Idempotency-Key"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["PayoutRequestCreate"];
      };
    };
    responses: {
      /** @description The payout request */
      201: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["PayoutRequest"];
        };
      };
      /** @description Bad request: a field is missing or invalid (errors has a message per field); the Idempotency-Key header is malformed. */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not authenticated: no session (log in first). */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden: you have no connector profile (or call with an API key); an API key was sent: this endpoint takes a session only; a request carrying the session cookie came from another site. */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found: no such business. */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict: your payable balance is below the business's minimum (the message names it); nothing is payable to you there in that currency; you already have an open request there in that currency; a request with the same Idempotency-Key is still running (see Retry-After). */
      409: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "Retry-After": components["headers"]["Retry-After-In-Progress"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Body too large: the body is over 1 MB. */
      413: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not JSON: the Content-Type is not application/json. */
      415: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unprocessable: the Idempotency-Key was used with a different body. */
      422: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listPayouts: {
    parameters: {
      query?: {
        /** @description Only this business's payouts */
        businessId?: number;
        /** @description Only payouts to this connector */
        connectorId?: number;
        /** @description Only payouts in this currency */
        currency?: "SGD" | "USD" | "EUR" | "GBP" | "AUD" | "JPY" | "CNY" | "HKD" | "MYR" | "IDR";
        /** @description Page size, 1 to 500 */
        limit?: number;
        /** @description How many items to skip */
        offset?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of payouts */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
          "X-Total-Count": components["headers"]["X-Total-Count"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Payout"][];
        };
      };
      /** @description Bad request: limit or offset is out of range. */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not authenticated: no session (log in first); the API key is unknown or revoked. */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden: businessId names a business where you are only a team member; the API key lacks the scope. */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests: more than 600 requests in a minute with this key (see Retry-After). */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "Retry-After": components["headers"]["Retry-After"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  recordPayout: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the request safe to retry: a retry with the same key and body within 24 hours returns the first response (with Idempotent-Replayed: true) instead of creating twice. The retry is authenticated as the first request was: a revoked key or an ended session gets the 401, and a key's retry counts against its rate limit (RateLimit-* as usual). 1 to 255 visible ASCII characters, e.g. a UUID. */
        "Idempotency-Key"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["PayoutCreate"];
      };
    };
    responses: {
      /** @description The payout */
      201: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Payout"];
        };
      };
      /** @description Bad request: a field is missing or invalid (errors has a message per field); the Idempotency-Key header is malformed; paidAt is more than 90 days back; paidAt is before a listed item became payable. */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not authenticated: no session (log in first); the API key is unknown or revoked. */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden: you are a team member, not the owner or a team admin; the API key lacks the scope; a request carrying the session cookie came from another site. */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found: no such business, or you are not on its team. */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict: a listed commission is still in its hold period; a listed commission was reversed; a listed commission is already paid; the listed items net to zero or less; the total is more than is payable to this connector in this currency (an adjustment was left out); another payout paid one of these commissions at the same moment; the connector has no payout method for this currency; the connector's payout methods changed in the last 48 hours; a request with the same Idempotency-Key is still running (see Retry-After). */
      409: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "Retry-After": components["headers"]["Retry-After-In-Progress"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Body too large: the body is over 1 MB. */
      413: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not JSON: the Content-Type is not application/json. */
      415: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unprocessable: a listed commission does not exist, or is another business's, connector's or currency's; the errors name it; no such connector; the Idempotency-Key was used with a different body. */
      422: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests: more than 600 requests in a minute with this key (see Retry-After). */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "Retry-After": components["headers"]["Retry-After"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  voidPayout: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Payout id */
        id: number;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["PayoutVoid"];
      };
    };
    responses: {
      /** @description The voided payout */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Payout"];
        };
      };
      /** @description Bad request: a field is missing or invalid (errors has a message per field); reason is missing or blank. */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not authenticated: no session (log in first); the API key is unknown or revoked. */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden: you are a team member, the payout's connector or a platform admin, not the owner or a team admin; the API key lacks the scope; a request carrying the session cookie came from another site. */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found: no such payout, or not your business's. */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict: the payout is already voided; it was recorded more than 7 days ago; a commission it paid was adjusted since (its referral changed); another change to this payout or its commissions happened at the same moment. */
      409: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Body too large: the body is over 1 MB. */
      413: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not JSON: the Content-Type is not application/json. */
      415: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests: more than 600 requests in a minute with this key (see Retry-After). */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "Retry-After": components["headers"]["Retry-After"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  registerBusiness: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["BusinessRegistration"];
      };
    };
    responses: {
      /** @description The new user; the session cookie is set */
      201: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
          "Set-Cookie": components["headers"]["Set-Cookie"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["User"];
        };
      };
      /** @description Bad request: a field is missing or invalid (errors has a message per field). */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict: the username is taken; the UEN is already registered. */
      409: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Body too large: the body is over 1 MB. */
      413: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not JSON: the Content-Type is not application/json. */
      415: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests: too many registrations from this client (see Retry-After). */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  introduceThroughPersonalLink: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The connector's link code, from /refer/{businessId}?via={code} */
        code: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["SelfIntroductionCreate"];
      };
    };
    responses: {
      /** @description The introduction, waiting for the address's confirmation */
      201: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["SelfIntroduction"];
        };
      };
      /** @description Bad request: a field is missing or invalid (errors has a message per field). */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found: the code is not a standing link to this business (unknown, its connector suspended or working there, or no such business). */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict: this person was referred to this business in the last 90 days. */
      409: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Body too large: the body is over 1 MB. */
      413: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not JSON: the Content-Type is not application/json. */
      415: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unprocessable: the email or phone is the connector's own; the field named in errors; the email or phone is that of someone on the business's team; the field named in errors. */
      422: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests: too many introductions from this client (see Retry-After); too many introductions through this connector's links (see Retry-After). */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listReferrals: {
    parameters: {
      query?: {
        /** @description Search the referred person's name */
        q?: string;
        /** @description Only referrals in this status (another value is a 400 naming status) */
        status?: "pending" | "approved" | "completed" | "rejected";
        /** @description Page size, 1 to 500 */
        limit?: number;
        /** @description How many items to skip */
        offset?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of referrals */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
          "X-Total-Count": components["headers"]["X-Total-Count"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Referral"][];
        };
      };
      /** @description Bad request: limit or offset is out of range. */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not authenticated: no session (log in first). */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden: you are not a platform admin; an API key was sent: this endpoint takes a session only; a platform admin has not set up two-factor yet (outside development). */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  createReferral: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the request safe to retry: a retry with the same key and body within 24 hours returns the first response (with Idempotent-Replayed: true) instead of creating twice. The retry is authenticated as the first request was: a revoked key or an ended session gets the 401, and a key's retry counts against its rate limit (RateLimit-* as usual). 1 to 255 visible ASCII characters, e.g. a UUID. */
        "Idempotency-Key"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["ReferralCreate"];
      };
    };
    responses: {
      /** @description The referral, pending */
      201: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Referral"];
        };
      };
      /** @description Bad request: a field is missing or invalid (errors has a message per field); the Idempotency-Key header is malformed. */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not authenticated: no session (log in first); the API key is unknown or revoked. */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden: a business key named another business; connectorId is not your own connector profile; the API key lacks the scope; a request carrying the session cookie came from another site. */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict: someone else referred this person to this business in the last 90 days (whatever has happened since: decision 110); you referred this person to this business in the last 90 days (named; a business key gets this for any referral of its business); a request with the same Idempotency-Key is still running (see Retry-After). */
      409: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "Retry-After": components["headers"]["Retry-After-In-Progress"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Body too large: the body is over 1 MB. */
      413: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not JSON: the Content-Type is not application/json. */
      415: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unprocessable: the business does not exist; a business key sent no connectorId, or an unknown one; you have no connector profile yet; you work for the business; the person's email or phone is the connector's own (profile or account); the field named in errors; the person's email or phone is that of the business's owner, contact or a team seat; the field named in errors; the Idempotency-Key was used with a different body. */
      422: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests: more than 20 referrals in an hour or 50 in a day by one connector, for people (see Retry-After); a business key registered more than 20 referrals in an hour or 50 in a day, counted per key and per business; errors.businessId (see Retry-After); businesses registered more than 20 referrals in an hour or 50 in a day for the connector named; errors.connectorId (see Retry-After); more than 600 requests in a minute with this key (see Retry-After). */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "Retry-After": components["headers"]["Retry-After"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listBusinessReferrals: {
    parameters: {
      query?: {
        /** @description Search the referred person's name */
        q?: string;
        /** @description Only referrals in this status (another value is a 400 naming status) */
        status?: "pending" | "approved" | "completed" | "rejected";
        /** @description Page size, 1 to 500 */
        limit?: number;
        /** @description How many items to skip */
        offset?: number;
      };
      header?: never;
      path: {
        /** @description Business id */
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of referrals */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
          "X-Total-Count": components["headers"]["X-Total-Count"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["EnrichedReferral"][];
        };
      };
      /** @description Bad request: limit or offset is out of range. */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not authenticated: no session (log in first); the API key is unknown or revoked. */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden: the API key lacks the scope. */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found: no such business, or you are not on its team. */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests: more than 600 requests in a minute with this key (see Retry-After). */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "Retry-After": components["headers"]["Retry-After"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listConnectorReferrals: {
    parameters: {
      query?: {
        /** @description Search the referred person's name */
        q?: string;
        /** @description Only referrals in this status (another value is a 400 naming status) */
        status?: "pending" | "approved" | "completed" | "rejected";
        /** @description Page size, 1 to 500 */
        limit?: number;
        /** @description How many items to skip */
        offset?: number;
      };
      header?: never;
      path: {
        /** @description Connector id (not the user id) */
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of referrals */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
          "X-Total-Count": components["headers"]["X-Total-Count"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Referral"][];
        };
      };
      /** @description Bad request: limit or offset is out of range. */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not authenticated: no session (log in first); the API key is unknown or revoked. */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden: the API key lacks the scope. */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found: no such connector, or not you. */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests: more than 600 requests in a minute with this key (see Retry-After). */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "Retry-After": components["headers"]["Retry-After"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getReferral: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Referral id */
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The referral and its history */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ReferralDetail"];
        };
      };
      /** @description Not authenticated: no session (log in first); the API key is unknown or revoked. */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden: the API key lacks the scope. */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found: no such referral, or not yours to see. */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests: more than 600 requests in a minute with this key (see Retry-After). */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "Retry-After": components["headers"]["Retry-After"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  updateReferral: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Referral id */
        id: number;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["ReferralProgress"];
      };
    };
    responses: {
      /** @description The updated referral */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["EnrichedReferral"];
        };
      };
      /** @description Bad request: a field is missing or invalid (errors has a message per field). */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not authenticated: no session (log in first); the API key is unknown or revoked. */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden: you are its connector or a platform admin: only the business updates it; the API key lacks the scope; a request carrying the session cookie came from another site. */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found: no such referral, or not yours to see. */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Body too large: the body is over 1 MB. */
      413: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not JSON: the Content-Type is not application/json. */
      415: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests: more than 600 requests in a minute with this key (see Retry-After). */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "Retry-After": components["headers"]["Retry-After"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  answerReferralConfirmation: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Referral id */
        id: number;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["ReferralConfirmation"];
      };
    };
    responses: {
      /** @description The referral after the answer */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Referral"];
        };
      };
      /** @description Bad request: a field is missing or invalid (errors has a message per field); decision is missing or not confirm or disown. */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not authenticated: no session (log in first); the API key is unknown or revoked. */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden: you are not the referral's connector (its business, a platform admin); the API key lacks the scope; a request carrying the session cookie came from another site. */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found: no such referral, or not yours to see. */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict: the referral is not awaiting your confirmation (made by you, or already answered). */
      409: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Body too large: the body is over 1 MB. */
      413: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not JSON: the Content-Type is not application/json. */
      415: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests: more than 600 requests in a minute with this key (see Retry-After). */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "Retry-After": components["headers"]["Retry-After"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  correctReferral: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Referral id */
        id: number;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["ReferralCorrection"];
      };
    };
    responses: {
      /** @description The corrected referral */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["EnrichedReferral"];
        };
      };
      /** @description Bad request: a field is missing or invalid (errors has a message per field); neither field given, or one is not valid. */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not authenticated: no session (log in first); the API key is unknown or revoked. */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden: you are not the referral's connector; the API key lacks the scope; a request carrying the session cookie came from another site. */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found: no such referral, or not yours to see. */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict: the person already answered, or the referral is closed; another referral to this business names the corrected person. */
      409: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Body too large: the body is over 1 MB. */
      413: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not JSON: the Content-Type is not application/json. */
      415: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unprocessable: the corrected details are the ones the introduction went to; the corrected email or phone is the connector's own; the field named in errors. */
      422: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests: too many referrals and corrections by this connector (see Retry-After); this referral's introduction mails for the day are used up (see Retry-After); more than 600 requests in a minute with this key (see Retry-After). */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "Retry-After": components["headers"]["Retry-After"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  openDispute: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the request safe to retry: a retry with the same key and body within 24 hours returns the first response (with Idempotent-Replayed: true) instead of creating twice. The retry is authenticated as the first request was: a revoked key or an ended session gets the 401, and a key's retry counts against its rate limit (RateLimit-* as usual). 1 to 255 visible ASCII characters, e.g. a UUID. */
        "Idempotency-Key"?: string;
      };
      path: {
        /** @description Referral id */
        id: number;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["DisputeCreate"];
      };
    };
    responses: {
      /** @description The dispute */
      201: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Dispute"];
        };
      };
      /** @description Bad request: a field is missing or invalid (errors has a message per field); the Idempotency-Key header is malformed; a field is missing or not valid (named in errors). */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not authenticated: no session (log in first); the API key is unknown or revoked. */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden: you are not the referral's connector; the API key lacks the scope; a request carrying the session cookie came from another site. */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found: no such referral, or not yours to see. */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict: the referral is not rejected by its business nor completed; more than 30 days since the rejection or completion; the referral already has an open dispute; a request with the same Idempotency-Key is still running (see Retry-After). */
      409: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "Retry-After": components["headers"]["Retry-After-In-Progress"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Body too large: the body is over 1 MB. */
      413: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not JSON: the Content-Type is not application/json. */
      415: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unprocessable: a completion's dispute claims the revenue already recorded; the Idempotency-Key was used with a different body. */
      422: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests: more than 600 requests in a minute with this key (see Retry-After). */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "Retry-After": components["headers"]["Retry-After"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listReferralMessages: {
    parameters: {
      query?: {
        /** @description Page size, 1 to 500 */
        limit?: number;
        /** @description How many items to skip */
        offset?: number;
      };
      header?: never;
      path: {
        /** @description Referral id */
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of messages, oldest first */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
          "X-Total-Count": components["headers"]["X-Total-Count"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ReferralMessage"][];
        };
      };
      /** @description Bad request: limit or offset is out of range. */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not authenticated: no session (log in first); the API key is unknown or revoked. */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden: the API key lacks the scope. */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found: no such referral, or not yours to see. */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests: more than 600 requests in a minute with this key (see Retry-After). */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "Retry-After": components["headers"]["Retry-After"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  postReferralMessage: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the request safe to retry: a retry with the same key and body within 24 hours returns the first response (with Idempotent-Replayed: true) instead of creating twice. The retry is authenticated as the first request was: a revoked key or an ended session gets the 401, and a key's retry counts against its rate limit (RateLimit-* as usual). 1 to 255 visible ASCII characters, e.g. a UUID. */
        "Idempotency-Key"?: string;
      };
      path: {
        /** @description Referral id */
        id: number;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["ReferralMessageCreate"];
      };
    };
    responses: {
      /** @description The message */
      201: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ReferralMessage"];
        };
      };
      /** @description Bad request: a field is missing or invalid (errors has a message per field); the Idempotency-Key header is malformed; the body is missing, blank or too long. */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not authenticated: no session (log in first); the API key is unknown or revoked. */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden: you are a platform admin: admins read the conversation but do not write in it; the API key lacks the scope; a request carrying the session cookie came from another site. */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found: no such referral, or not yours to see. */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict: a request with the same Idempotency-Key is still running (see Retry-After). */
      409: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "Retry-After": components["headers"]["Retry-After"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Body too large: the body is over 1 MB. */
      413: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not JSON: the Content-Type is not application/json. */
      415: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unprocessable: the Idempotency-Key was used with a different body. */
      422: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests: too many messages (see Retry-After); more than 600 requests in a minute with this key (see Retry-After). */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "Retry-After": components["headers"]["Retry-After"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  markReferralMessagesRead: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Referral id */
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Marked as read */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Message"];
        };
      };
      /** @description Not authenticated: no session (log in first); the API key is unknown or revoked. */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden: you are a platform admin: admins have no unread messages; the API key lacks the scope; a request carrying the session cookie came from another site. */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found: no such referral, or not yours to see. */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests: more than 600 requests in a minute with this key (see Retry-After). */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "Retry-After": components["headers"]["Retry-After"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  resendIntroduction: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Referral id */
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The referral */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["EnrichedReferral"];
        };
      };
      /** @description Not authenticated: no session (log in first); the API key is unknown or revoked. */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden: you are not the referral's connector; the API key lacks the scope; a request carrying the session cookie came from another site. */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found: no such referral, or not yours to see. */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict: the person already answered, or the referral is closed. */
      409: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests: resent less than an hour ago (see Retry-After); this referral's introduction mails for the day are used up (see Retry-After); more than 600 requests in a minute with this key (see Retry-After). */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "Retry-After": components["headers"]["Retry-After"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  withdrawReferral: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Referral id */
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The withdrawn referral */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["EnrichedReferral"];
        };
      };
      /** @description Not authenticated: no session (log in first); the API key is unknown or revoked. */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden: you are not the referral's connector; the API key lacks the scope; a request carrying the session cookie came from another site. */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found: no such referral, or not yours to see. */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict: the person already answered, or the referral is closed. */
      409: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests: more than 600 requests in a minute with this key (see Retry-After). */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "Retry-After": components["headers"]["Retry-After"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getStatement: {
    parameters: {
      query: {
        /** @description The calendar month (UTC), YYYY-MM, from 2000-01 to 2999-12 */
        month: string;
        /** @description The statement's currency */
        currency: "SGD" | "USD" | "EUR" | "GBP" | "AUD" | "JPY" | "CNY" | "HKD" | "MYR" | "IDR";
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The statement */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Statement"];
        };
      };
      /** @description Bad request: month is not YYYY-MM, or currency is not one of the ten (errors names each). */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not authenticated: no session (log in first); the API key is unknown or revoked. */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden: a business API key: earnings are a connector's own; the API key lacks the scope. */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found: you have no connector profile (or you are a platform admin). */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests: more than 600 requests in a minute with this key (see Retry-After). */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "Retry-After": components["headers"]["Retry-After"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  acceptTeamInvitation: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The token from the invitation link /invitations/{token} */
        token: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The seat, now active */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["InvitationAccepted"];
        };
      };
      /** @description Not authenticated: no session (log in first). */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden: your email address is not verified, and it is not the invited one; platform admins do not join teams; an API key was sent: this endpoint takes a session only; a request carrying the session cookie came from another site. */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found: the link is unknown, used, replaced, revoked or lapsed. */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict: you own the business; you are on its team already. */
      409: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  addTeamMember: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the request safe to retry: a retry with the same key and body within 24 hours returns the first response (with Idempotent-Replayed: true) instead of creating twice. The retry is authenticated as the first request was: a revoked key or an ended session gets the 401, and a key's retry counts against its rate limit (RateLimit-* as usual). 1 to 255 visible ASCII characters, e.g. a UUID. */
        "Idempotency-Key"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["TeamMemberCreate"];
      };
    };
    responses: {
      /** @description The new, pending member */
      201: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["TeamMember"];
        };
      };
      /** @description Bad request: a field is missing or invalid (errors has a message per field); the Idempotency-Key header is malformed. */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not authenticated: no session (log in first). */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden: you are a member, not the owner or a team admin; an API key was sent: this endpoint takes a session only; a request carrying the session cookie came from another site. */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found: no such business, or you are not on its team. */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict: the email is already on the team; the email is the owner's; a request with the same Idempotency-Key is still running (see Retry-After). */
      409: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "Retry-After": components["headers"]["Retry-After-In-Progress"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Body too large: the body is over 1 MB. */
      413: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not JSON: the Content-Type is not application/json. */
      415: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unprocessable: the Idempotency-Key was used with a different body. */
      422: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests: too many invitations (see Retry-After). */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listTeamMembers: {
    parameters: {
      query?: {
        /** @description Page size, 1 to 500 */
        limit?: number;
        /** @description How many items to skip */
        offset?: number;
      };
      header?: never;
      path: {
        /** @description Business id */
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of team members */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
          "X-Total-Count": components["headers"]["X-Total-Count"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["TeamMember"][];
        };
      };
      /** @description Bad request: limit or offset is out of range. */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not authenticated: no session (log in first); the API key is unknown or revoked. */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden: the API key lacks the scope. */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found: no such business, or you are not on its team. */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests: more than 600 requests in a minute with this key (see Retry-After). */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "Retry-After": components["headers"]["Retry-After"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  removeTeamMember: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Team member id */
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The removed member (message Member removed) or revoked invitation (Invitation revoked) */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["TeamMemberRemoved"];
        };
      };
      /** @description Not authenticated: no session (log in first). */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden: a team admin tried to remove another admin; you are a member, not the owner or a team admin; an API key was sent: this endpoint takes a session only; a request carrying the session cookie came from another site. */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found: no such member, or not on your team. */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  resendTeamInvitation: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Team member id */
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The invitation is queued for sending */
      202: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["InvitationSent"];
        };
      };
      /** @description Not authenticated: no session (log in first). */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden: you are a member, not the owner or a team admin; an API key was sent: this endpoint takes a session only; a request carrying the session cookie came from another site. */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found: no such member, or not on your team. */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict: the member has joined. */
      409: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests: sent less than a minute ago (see Retry-After); too many invitations (see Retry-After). */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  updateUser: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Your user id */
        id: number;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["UserUpdate"];
      };
    };
    responses: {
      /** @description The updated user */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["User"];
        };
      };
      /** @description Bad request: a field is missing or invalid (errors has a message per field); the current password is wrong; a new email was sent without currentPassword. */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not authenticated: no session (log in first). */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden: an API key was sent: this endpoint takes a session only; a request carrying the session cookie came from another site. */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found: not your own id. */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict: the new username is taken. */
      409: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Body too large: the body is over 1 MB. */
      413: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not JSON: the Content-Type is not application/json. */
      415: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests: too many wrong passwords from this client (see Retry-After); too many email changes today (see Retry-After). */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getEmailPreferences: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Your user id */
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Your choices */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["EmailPreferences"];
        };
      };
      /** @description Not authenticated: no session (log in first). */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden: an API key was sent: this endpoint takes a session only. */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found: not your own id. */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  setEmailPreferences: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Your user id */
        id: number;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["EmailPreferencesInput"];
      };
    };
    responses: {
      /** @description Your choices */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["EmailPreferences"];
        };
      };
      /** @description Bad request: a field is missing or invalid (errors has a message per field). */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not authenticated: no session (log in first). */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden: an API key was sent: this endpoint takes a session only; a request carrying the session cookie came from another site. */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found: not your own id. */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Body too large: the body is over 1 MB. */
      413: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not JSON: the Content-Type is not application/json. */
      415: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  resendWebhookDelivery: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Delivery id (the Webhook-Delivery header) */
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Queued */
      202: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["WebhookDelivery"];
        };
      };
      /** @description Not authenticated: no session (log in first). */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden: you are a team member, not the owner or a team admin; an API key was sent: this endpoint takes a session only; a request carrying the session cookie came from another site. */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found: no such delivery, or not your business's. */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests: resent less than a minute ago (see Retry-After); the endpoint's hourly resend budget is spent (see Retry-After). */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listWebhooks: {
    parameters: {
      query: {
        /** @description The business (required) */
        businessId: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The endpoints (at most 10) */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
          "X-Total-Count": components["headers"]["X-Total-Count"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["WebhookEndpoint"][];
        };
      };
      /** @description Bad request: businessId is missing or not a positive whole number. */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not authenticated: no session (log in first). */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden: you are a team member, not the owner or a team admin; an API key was sent: this endpoint takes a session only. */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found: no such business, or you are not on its team. */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  createWebhook: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the request safe to retry: a retry with the same key and body within 24 hours returns the first response (with Idempotent-Replayed: true) instead of creating twice. The retry is authenticated as the first request was: a revoked key or an ended session gets the 401, and a key's retry counts against its rate limit (RateLimit-* as usual). 1 to 255 visible ASCII characters, e.g. a UUID. */
        "Idempotency-Key"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["WebhookEndpointCreate"];
      };
    };
    responses: {
      /** @description The endpoint with its secret (null in an Idempotency-Key replay) */
      201: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["WebhookEndpointCreated"];
        };
      };
      /** @description Bad request: a field is missing or invalid (errors has a message per field); the Idempotency-Key header is malformed. */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not authenticated: no session (log in first). */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden: you are a team member, not the owner or a team admin; an API key was sent: this endpoint takes a session only; a request carrying the session cookie came from another site. */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found: no such business, or you are not on its team. */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict: a request with the same Idempotency-Key is still running (see Retry-After). */
      409: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Body too large: the body is over 1 MB. */
      413: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not JSON: the Content-Type is not application/json. */
      415: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unprocessable: the URL is not https; the host is a private, loopback, link-local or other special-purpose address (in any IPv4 or IPv6 form), an internal name (localhost, *.internal, *.local…), or a wildcard-DNS name such as *.nip.io; the URL names a port other than 443; the business already has 10 endpoints; the Idempotency-Key was used with a different body. */
      422: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getWebhook: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Webhook endpoint id */
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The endpoint */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["WebhookEndpoint"];
        };
      };
      /** @description Not authenticated: no session (log in first). */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden: you are a team member, not the owner or a team admin; an API key was sent: this endpoint takes a session only. */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found: no such endpoint, or not your business's. */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  deleteWebhook: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Webhook endpoint id */
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The removed endpoint */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["WebhookEndpoint"];
        };
      };
      /** @description Not authenticated: no session (log in first). */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden: you are a team member, not the owner or a team admin; an API key was sent: this endpoint takes a session only; a request carrying the session cookie came from another site. */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found: no such endpoint, or not your business's. */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listWebhookDeliveries: {
    parameters: {
      query?: {
        /** @description Page size, 1 to 500 */
        limit?: number;
        /** @description How many items to skip */
        offset?: number;
      };
      header?: never;
      path: {
        /** @description Webhook endpoint id */
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of deliveries */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
          "X-Total-Count": components["headers"]["X-Total-Count"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["WebhookDelivery"][];
        };
      };
      /** @description Bad request: limit or offset is out of range. */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not authenticated: no session (log in first). */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden: you are a team member, not the owner or a team admin; an API key was sent: this endpoint takes a session only. */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found: no such endpoint, or not your business's. */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  redeliverWebhookEvent: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Webhook endpoint id */
        id: number;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["WebhookRedelivery"];
      };
    };
    responses: {
      /** @description Queued: the new delivery */
      202: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["WebhookDelivery"];
        };
      };
      /** @description Bad request: a field is missing or invalid (errors has a message per field); eventId is missing or not an event id (evt_...). */
      400: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not authenticated: no session (log in first). */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden: you are a team member, not the owner or a team admin; an API key was sent: this endpoint takes a session only; a request carrying the session cookie came from another site. */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found: no such endpoint, or not your business's; no such event, or another business's. */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Body too large: the body is over 1 MB. */
      413: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not JSON: the Content-Type is not application/json. */
      415: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unprocessable: the event is a test event. */
      422: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests: this event was redelivered to this endpoint less than a minute ago (see Retry-After); the endpoint's hourly budget is spent (see Retry-After). */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  rotateWebhookSecret: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Webhook endpoint id */
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The endpoint with its new secret */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["WebhookEndpoint"];
        };
      };
      /** @description Not authenticated: no session (log in first). */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden: you are a team member, not the owner or a team admin; an API key was sent: this endpoint takes a session only; a request carrying the session cookie came from another site. */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found: no such endpoint, or not your business's. */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict: another rotation of this endpoint landed first (its secret is the current one). */
      409: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  upgradeWebhookSigning: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Webhook endpoint id */
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The endpoint, now standard, with its new secret */
      200: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["WebhookEndpoint"];
        };
      };
      /** @description Not authenticated: no session (log in first). */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden: you are a team member, not the owner or a team admin; an API key was sent: this endpoint takes a session only; a request carrying the session cookie came from another site. */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found: no such endpoint, or not your business's. */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict: the endpoint already uses Standard Webhooks. */
      409: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  sendWebhookTestEvent: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Webhook endpoint id */
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Queued: the test event's delivery */
      202: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["WebhookDelivery"];
        };
      };
      /** @description Not authenticated: no session (log in first). */
      401: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Forbidden: you are a team member, not the owner or a team admin; an API key was sent: this endpoint takes a session only; a request carrying the session cookie came from another site. */
      403: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Not found: no such endpoint, or not your business's. */
      404: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests: a test event was sent to this endpoint less than 10 seconds ago (see Retry-After); the endpoint's hourly budget is spent (see Retry-After). */
      429: {
        headers: {
          "X-Request-Id": components["headers"]["X-Request-Id"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  webhook_referral_created: {
    parameters: {
      query?: never;
      header: {
        /** @description The event id (evt_...), the same on every retry and in GET /api/events */
        "webhook-id": string;
        /** @description When this attempt was signed, in unix seconds */
        "webhook-timestamp": string;
        /** @description Standard Webhooks (signatureScheme standard): space-separated v1,<base64 HMAC-SHA-256 of webhook-id, a dot, webhook-timestamp, a dot and the raw body, keyed with the base64-decoded part of the secret after whsec_>; verify with the standardwebhooks or svix libraries. For 24 hours after a secret rotation a second v1 entry is made with the previous secret. Legacy endpoints (signatureScheme legacy, until 2027-05-31) get instead Webhook-Signature: t=<unix seconds>,v1=<lowercase hex HMAC-SHA-256 of the timestamp, a dot and the raw body, keyed with the whole secret as UTF-8> and no webhook-timestamp. */
        "webhook-signature": string;
        /** @description The delivery id (see GET /api/webhooks/{id}/deliveries) */
        "Webhook-Delivery": string;
        /** @description WarmIntros-Webhooks/1 */
        "User-Agent": string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["ReferralCreatedEvent"];
      };
    };
    responses: {
      /** @description Acknowledged: the delivery succeeded */
      "2XX": {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Not acknowledged: the delivery is retried */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_referral_status_changed: {
    parameters: {
      query?: never;
      header: {
        /** @description The event id (evt_...), the same on every retry and in GET /api/events */
        "webhook-id": string;
        /** @description When this attempt was signed, in unix seconds */
        "webhook-timestamp": string;
        /** @description Standard Webhooks (signatureScheme standard): space-separated v1,<base64 HMAC-SHA-256 of webhook-id, a dot, webhook-timestamp, a dot and the raw body, keyed with the base64-decoded part of the secret after whsec_>; verify with the standardwebhooks or svix libraries. For 24 hours after a secret rotation a second v1 entry is made with the previous secret. Legacy endpoints (signatureScheme legacy, until 2027-05-31) get instead Webhook-Signature: t=<unix seconds>,v1=<lowercase hex HMAC-SHA-256 of the timestamp, a dot and the raw body, keyed with the whole secret as UTF-8> and no webhook-timestamp. */
        "webhook-signature": string;
        /** @description The delivery id (see GET /api/webhooks/{id}/deliveries) */
        "Webhook-Delivery": string;
        /** @description WarmIntros-Webhooks/1 */
        "User-Agent": string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["ReferralStatusChangedEvent"];
      };
    };
    responses: {
      /** @description Acknowledged: the delivery succeeded */
      "2XX": {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Not acknowledged: the delivery is retried */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_referral_consent_changed: {
    parameters: {
      query?: never;
      header: {
        /** @description The event id (evt_...), the same on every retry and in GET /api/events */
        "webhook-id": string;
        /** @description When this attempt was signed, in unix seconds */
        "webhook-timestamp": string;
        /** @description Standard Webhooks (signatureScheme standard): space-separated v1,<base64 HMAC-SHA-256 of webhook-id, a dot, webhook-timestamp, a dot and the raw body, keyed with the base64-decoded part of the secret after whsec_>; verify with the standardwebhooks or svix libraries. For 24 hours after a secret rotation a second v1 entry is made with the previous secret. Legacy endpoints (signatureScheme legacy, until 2027-05-31) get instead Webhook-Signature: t=<unix seconds>,v1=<lowercase hex HMAC-SHA-256 of the timestamp, a dot and the raw body, keyed with the whole secret as UTF-8> and no webhook-timestamp. */
        "webhook-signature": string;
        /** @description The delivery id (see GET /api/webhooks/{id}/deliveries) */
        "Webhook-Delivery": string;
        /** @description WarmIntros-Webhooks/1 */
        "User-Agent": string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["ReferralConsentChangedEvent"];
      };
    };
    responses: {
      /** @description Acknowledged: the delivery succeeded */
      "2XX": {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Not acknowledged: the delivery is retried */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_team_member_added: {
    parameters: {
      query?: never;
      header: {
        /** @description The event id (evt_...), the same on every retry and in GET /api/events */
        "webhook-id": string;
        /** @description When this attempt was signed, in unix seconds */
        "webhook-timestamp": string;
        /** @description Standard Webhooks (signatureScheme standard): space-separated v1,<base64 HMAC-SHA-256 of webhook-id, a dot, webhook-timestamp, a dot and the raw body, keyed with the base64-decoded part of the secret after whsec_>; verify with the standardwebhooks or svix libraries. For 24 hours after a secret rotation a second v1 entry is made with the previous secret. Legacy endpoints (signatureScheme legacy, until 2027-05-31) get instead Webhook-Signature: t=<unix seconds>,v1=<lowercase hex HMAC-SHA-256 of the timestamp, a dot and the raw body, keyed with the whole secret as UTF-8> and no webhook-timestamp. */
        "webhook-signature": string;
        /** @description The delivery id (see GET /api/webhooks/{id}/deliveries) */
        "Webhook-Delivery": string;
        /** @description WarmIntros-Webhooks/1 */
        "User-Agent": string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["TeamMemberAddedEvent"];
      };
    };
    responses: {
      /** @description Acknowledged: the delivery succeeded */
      "2XX": {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Not acknowledged: the delivery is retried */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_team_member_removed: {
    parameters: {
      query?: never;
      header: {
        /** @description The event id (evt_...), the same on every retry and in GET /api/events */
        "webhook-id": string;
        /** @description When this attempt was signed, in unix seconds */
        "webhook-timestamp": string;
        /** @description Standard Webhooks (signatureScheme standard): space-separated v1,<base64 HMAC-SHA-256 of webhook-id, a dot, webhook-timestamp, a dot and the raw body, keyed with the base64-decoded part of the secret after whsec_>; verify with the standardwebhooks or svix libraries. For 24 hours after a secret rotation a second v1 entry is made with the previous secret. Legacy endpoints (signatureScheme legacy, until 2027-05-31) get instead Webhook-Signature: t=<unix seconds>,v1=<lowercase hex HMAC-SHA-256 of the timestamp, a dot and the raw body, keyed with the whole secret as UTF-8> and no webhook-timestamp. */
        "webhook-signature": string;
        /** @description The delivery id (see GET /api/webhooks/{id}/deliveries) */
        "Webhook-Delivery": string;
        /** @description WarmIntros-Webhooks/1 */
        "User-Agent": string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["TeamMemberRemovedEvent"];
      };
    };
    responses: {
      /** @description Acknowledged: the delivery succeeded */
      "2XX": {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Not acknowledged: the delivery is retried */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_commission_created: {
    parameters: {
      query?: never;
      header: {
        /** @description The event id (evt_...), the same on every retry and in GET /api/events */
        "webhook-id": string;
        /** @description When this attempt was signed, in unix seconds */
        "webhook-timestamp": string;
        /** @description Standard Webhooks (signatureScheme standard): space-separated v1,<base64 HMAC-SHA-256 of webhook-id, a dot, webhook-timestamp, a dot and the raw body, keyed with the base64-decoded part of the secret after whsec_>; verify with the standardwebhooks or svix libraries. For 24 hours after a secret rotation a second v1 entry is made with the previous secret. Legacy endpoints (signatureScheme legacy, until 2027-05-31) get instead Webhook-Signature: t=<unix seconds>,v1=<lowercase hex HMAC-SHA-256 of the timestamp, a dot and the raw body, keyed with the whole secret as UTF-8> and no webhook-timestamp. */
        "webhook-signature": string;
        /** @description The delivery id (see GET /api/webhooks/{id}/deliveries) */
        "Webhook-Delivery": string;
        /** @description WarmIntros-Webhooks/1 */
        "User-Agent": string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["CommissionCreatedEvent"];
      };
    };
    responses: {
      /** @description Acknowledged: the delivery succeeded */
      "2XX": {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Not acknowledged: the delivery is retried */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_commission_payable: {
    parameters: {
      query?: never;
      header: {
        /** @description The event id (evt_...), the same on every retry and in GET /api/events */
        "webhook-id": string;
        /** @description When this attempt was signed, in unix seconds */
        "webhook-timestamp": string;
        /** @description Standard Webhooks (signatureScheme standard): space-separated v1,<base64 HMAC-SHA-256 of webhook-id, a dot, webhook-timestamp, a dot and the raw body, keyed with the base64-decoded part of the secret after whsec_>; verify with the standardwebhooks or svix libraries. For 24 hours after a secret rotation a second v1 entry is made with the previous secret. Legacy endpoints (signatureScheme legacy, until 2027-05-31) get instead Webhook-Signature: t=<unix seconds>,v1=<lowercase hex HMAC-SHA-256 of the timestamp, a dot and the raw body, keyed with the whole secret as UTF-8> and no webhook-timestamp. */
        "webhook-signature": string;
        /** @description The delivery id (see GET /api/webhooks/{id}/deliveries) */
        "Webhook-Delivery": string;
        /** @description WarmIntros-Webhooks/1 */
        "User-Agent": string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["CommissionPayableEvent"];
      };
    };
    responses: {
      /** @description Acknowledged: the delivery succeeded */
      "2XX": {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Not acknowledged: the delivery is retried */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_commission_reversed: {
    parameters: {
      query?: never;
      header: {
        /** @description The event id (evt_...), the same on every retry and in GET /api/events */
        "webhook-id": string;
        /** @description When this attempt was signed, in unix seconds */
        "webhook-timestamp": string;
        /** @description Standard Webhooks (signatureScheme standard): space-separated v1,<base64 HMAC-SHA-256 of webhook-id, a dot, webhook-timestamp, a dot and the raw body, keyed with the base64-decoded part of the secret after whsec_>; verify with the standardwebhooks or svix libraries. For 24 hours after a secret rotation a second v1 entry is made with the previous secret. Legacy endpoints (signatureScheme legacy, until 2027-05-31) get instead Webhook-Signature: t=<unix seconds>,v1=<lowercase hex HMAC-SHA-256 of the timestamp, a dot and the raw body, keyed with the whole secret as UTF-8> and no webhook-timestamp. */
        "webhook-signature": string;
        /** @description The delivery id (see GET /api/webhooks/{id}/deliveries) */
        "Webhook-Delivery": string;
        /** @description WarmIntros-Webhooks/1 */
        "User-Agent": string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["CommissionReversedEvent"];
      };
    };
    responses: {
      /** @description Acknowledged: the delivery succeeded */
      "2XX": {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Not acknowledged: the delivery is retried */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_payout_recorded: {
    parameters: {
      query?: never;
      header: {
        /** @description The event id (evt_...), the same on every retry and in GET /api/events */
        "webhook-id": string;
        /** @description When this attempt was signed, in unix seconds */
        "webhook-timestamp": string;
        /** @description Standard Webhooks (signatureScheme standard): space-separated v1,<base64 HMAC-SHA-256 of webhook-id, a dot, webhook-timestamp, a dot and the raw body, keyed with the base64-decoded part of the secret after whsec_>; verify with the standardwebhooks or svix libraries. For 24 hours after a secret rotation a second v1 entry is made with the previous secret. Legacy endpoints (signatureScheme legacy, until 2027-05-31) get instead Webhook-Signature: t=<unix seconds>,v1=<lowercase hex HMAC-SHA-256 of the timestamp, a dot and the raw body, keyed with the whole secret as UTF-8> and no webhook-timestamp. */
        "webhook-signature": string;
        /** @description The delivery id (see GET /api/webhooks/{id}/deliveries) */
        "Webhook-Delivery": string;
        /** @description WarmIntros-Webhooks/1 */
        "User-Agent": string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["PayoutRecordedEvent"];
      };
    };
    responses: {
      /** @description Acknowledged: the delivery succeeded */
      "2XX": {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Not acknowledged: the delivery is retried */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_payout_requested: {
    parameters: {
      query?: never;
      header: {
        /** @description The event id (evt_...), the same on every retry and in GET /api/events */
        "webhook-id": string;
        /** @description When this attempt was signed, in unix seconds */
        "webhook-timestamp": string;
        /** @description Standard Webhooks (signatureScheme standard): space-separated v1,<base64 HMAC-SHA-256 of webhook-id, a dot, webhook-timestamp, a dot and the raw body, keyed with the base64-decoded part of the secret after whsec_>; verify with the standardwebhooks or svix libraries. For 24 hours after a secret rotation a second v1 entry is made with the previous secret. Legacy endpoints (signatureScheme legacy, until 2027-05-31) get instead Webhook-Signature: t=<unix seconds>,v1=<lowercase hex HMAC-SHA-256 of the timestamp, a dot and the raw body, keyed with the whole secret as UTF-8> and no webhook-timestamp. */
        "webhook-signature": string;
        /** @description The delivery id (see GET /api/webhooks/{id}/deliveries) */
        "Webhook-Delivery": string;
        /** @description WarmIntros-Webhooks/1 */
        "User-Agent": string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["PayoutRequestedEvent"];
      };
    };
    responses: {
      /** @description Acknowledged: the delivery succeeded */
      "2XX": {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Not acknowledged: the delivery is retried */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_payout_voided: {
    parameters: {
      query?: never;
      header: {
        /** @description The event id (evt_...), the same on every retry and in GET /api/events */
        "webhook-id": string;
        /** @description When this attempt was signed, in unix seconds */
        "webhook-timestamp": string;
        /** @description Standard Webhooks (signatureScheme standard): space-separated v1,<base64 HMAC-SHA-256 of webhook-id, a dot, webhook-timestamp, a dot and the raw body, keyed with the base64-decoded part of the secret after whsec_>; verify with the standardwebhooks or svix libraries. For 24 hours after a secret rotation a second v1 entry is made with the previous secret. Legacy endpoints (signatureScheme legacy, until 2027-05-31) get instead Webhook-Signature: t=<unix seconds>,v1=<lowercase hex HMAC-SHA-256 of the timestamp, a dot and the raw body, keyed with the whole secret as UTF-8> and no webhook-timestamp. */
        "webhook-signature": string;
        /** @description The delivery id (see GET /api/webhooks/{id}/deliveries) */
        "Webhook-Delivery": string;
        /** @description WarmIntros-Webhooks/1 */
        "User-Agent": string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["PayoutVoidedEvent"];
      };
    };
    responses: {
      /** @description Acknowledged: the delivery succeeded */
      "2XX": {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Not acknowledged: the delivery is retried */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_referral_updated: {
    parameters: {
      query?: never;
      header: {
        /** @description The event id (evt_...), the same on every retry and in GET /api/events */
        "webhook-id": string;
        /** @description When this attempt was signed, in unix seconds */
        "webhook-timestamp": string;
        /** @description Standard Webhooks (signatureScheme standard): space-separated v1,<base64 HMAC-SHA-256 of webhook-id, a dot, webhook-timestamp, a dot and the raw body, keyed with the base64-decoded part of the secret after whsec_>; verify with the standardwebhooks or svix libraries. For 24 hours after a secret rotation a second v1 entry is made with the previous secret. Legacy endpoints (signatureScheme legacy, until 2027-05-31) get instead Webhook-Signature: t=<unix seconds>,v1=<lowercase hex HMAC-SHA-256 of the timestamp, a dot and the raw body, keyed with the whole secret as UTF-8> and no webhook-timestamp. */
        "webhook-signature": string;
        /** @description The delivery id (see GET /api/webhooks/{id}/deliveries) */
        "Webhook-Delivery": string;
        /** @description WarmIntros-Webhooks/1 */
        "User-Agent": string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["ReferralUpdatedEvent"];
      };
    };
    responses: {
      /** @description Acknowledged: the delivery succeeded */
      "2XX": {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Not acknowledged: the delivery is retried */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_referral_message_posted: {
    parameters: {
      query?: never;
      header: {
        /** @description The event id (evt_...), the same on every retry and in GET /api/events */
        "webhook-id": string;
        /** @description When this attempt was signed, in unix seconds */
        "webhook-timestamp": string;
        /** @description Standard Webhooks (signatureScheme standard): space-separated v1,<base64 HMAC-SHA-256 of webhook-id, a dot, webhook-timestamp, a dot and the raw body, keyed with the base64-decoded part of the secret after whsec_>; verify with the standardwebhooks or svix libraries. For 24 hours after a secret rotation a second v1 entry is made with the previous secret. Legacy endpoints (signatureScheme legacy, until 2027-05-31) get instead Webhook-Signature: t=<unix seconds>,v1=<lowercase hex HMAC-SHA-256 of the timestamp, a dot and the raw body, keyed with the whole secret as UTF-8> and no webhook-timestamp. */
        "webhook-signature": string;
        /** @description The delivery id (see GET /api/webhooks/{id}/deliveries) */
        "Webhook-Delivery": string;
        /** @description WarmIntros-Webhooks/1 */
        "User-Agent": string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["ReferralMessagePostedEvent"];
      };
    };
    responses: {
      /** @description Acknowledged: the delivery succeeded */
      "2XX": {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Not acknowledged: the delivery is retried */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_team_member_invitation_resent: {
    parameters: {
      query?: never;
      header: {
        /** @description The event id (evt_...), the same on every retry and in GET /api/events */
        "webhook-id": string;
        /** @description When this attempt was signed, in unix seconds */
        "webhook-timestamp": string;
        /** @description Standard Webhooks (signatureScheme standard): space-separated v1,<base64 HMAC-SHA-256 of webhook-id, a dot, webhook-timestamp, a dot and the raw body, keyed with the base64-decoded part of the secret after whsec_>; verify with the standardwebhooks or svix libraries. For 24 hours after a secret rotation a second v1 entry is made with the previous secret. Legacy endpoints (signatureScheme legacy, until 2027-05-31) get instead Webhook-Signature: t=<unix seconds>,v1=<lowercase hex HMAC-SHA-256 of the timestamp, a dot and the raw body, keyed with the whole secret as UTF-8> and no webhook-timestamp. */
        "webhook-signature": string;
        /** @description The delivery id (see GET /api/webhooks/{id}/deliveries) */
        "Webhook-Delivery": string;
        /** @description WarmIntros-Webhooks/1 */
        "User-Agent": string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["TeamMemberInvitationResentEvent"];
      };
    };
    responses: {
      /** @description Acknowledged: the delivery succeeded */
      "2XX": {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Not acknowledged: the delivery is retried */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_team_member_joined: {
    parameters: {
      query?: never;
      header: {
        /** @description The event id (evt_...), the same on every retry and in GET /api/events */
        "webhook-id": string;
        /** @description When this attempt was signed, in unix seconds */
        "webhook-timestamp": string;
        /** @description Standard Webhooks (signatureScheme standard): space-separated v1,<base64 HMAC-SHA-256 of webhook-id, a dot, webhook-timestamp, a dot and the raw body, keyed with the base64-decoded part of the secret after whsec_>; verify with the standardwebhooks or svix libraries. For 24 hours after a secret rotation a second v1 entry is made with the previous secret. Legacy endpoints (signatureScheme legacy, until 2027-05-31) get instead Webhook-Signature: t=<unix seconds>,v1=<lowercase hex HMAC-SHA-256 of the timestamp, a dot and the raw body, keyed with the whole secret as UTF-8> and no webhook-timestamp. */
        "webhook-signature": string;
        /** @description The delivery id (see GET /api/webhooks/{id}/deliveries) */
        "Webhook-Delivery": string;
        /** @description WarmIntros-Webhooks/1 */
        "User-Agent": string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["TeamMemberJoinedEvent"];
      };
    };
    responses: {
      /** @description Acknowledged: the delivery succeeded */
      "2XX": {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Not acknowledged: the delivery is retried */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_business_updated: {
    parameters: {
      query?: never;
      header: {
        /** @description The event id (evt_...), the same on every retry and in GET /api/events */
        "webhook-id": string;
        /** @description When this attempt was signed, in unix seconds */
        "webhook-timestamp": string;
        /** @description Standard Webhooks (signatureScheme standard): space-separated v1,<base64 HMAC-SHA-256 of webhook-id, a dot, webhook-timestamp, a dot and the raw body, keyed with the base64-decoded part of the secret after whsec_>; verify with the standardwebhooks or svix libraries. For 24 hours after a secret rotation a second v1 entry is made with the previous secret. Legacy endpoints (signatureScheme legacy, until 2027-05-31) get instead Webhook-Signature: t=<unix seconds>,v1=<lowercase hex HMAC-SHA-256 of the timestamp, a dot and the raw body, keyed with the whole secret as UTF-8> and no webhook-timestamp. */
        "webhook-signature": string;
        /** @description The delivery id (see GET /api/webhooks/{id}/deliveries) */
        "Webhook-Delivery": string;
        /** @description WarmIntros-Webhooks/1 */
        "User-Agent": string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["BusinessUpdatedEvent"];
      };
    };
    responses: {
      /** @description Acknowledged: the delivery succeeded */
      "2XX": {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Not acknowledged: the delivery is retried */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_dispute_opened: {
    parameters: {
      query?: never;
      header: {
        /** @description The event id (evt_...), the same on every retry and in GET /api/events */
        "webhook-id": string;
        /** @description When this attempt was signed, in unix seconds */
        "webhook-timestamp": string;
        /** @description Standard Webhooks (signatureScheme standard): space-separated v1,<base64 HMAC-SHA-256 of webhook-id, a dot, webhook-timestamp, a dot and the raw body, keyed with the base64-decoded part of the secret after whsec_>; verify with the standardwebhooks or svix libraries. For 24 hours after a secret rotation a second v1 entry is made with the previous secret. Legacy endpoints (signatureScheme legacy, until 2027-05-31) get instead Webhook-Signature: t=<unix seconds>,v1=<lowercase hex HMAC-SHA-256 of the timestamp, a dot and the raw body, keyed with the whole secret as UTF-8> and no webhook-timestamp. */
        "webhook-signature": string;
        /** @description The delivery id (see GET /api/webhooks/{id}/deliveries) */
        "Webhook-Delivery": string;
        /** @description WarmIntros-Webhooks/1 */
        "User-Agent": string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["DisputeOpenedEvent"];
      };
    };
    responses: {
      /** @description Acknowledged: the delivery succeeded */
      "2XX": {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Not acknowledged: the delivery is retried */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_dispute_answered: {
    parameters: {
      query?: never;
      header: {
        /** @description The event id (evt_...), the same on every retry and in GET /api/events */
        "webhook-id": string;
        /** @description When this attempt was signed, in unix seconds */
        "webhook-timestamp": string;
        /** @description Standard Webhooks (signatureScheme standard): space-separated v1,<base64 HMAC-SHA-256 of webhook-id, a dot, webhook-timestamp, a dot and the raw body, keyed with the base64-decoded part of the secret after whsec_>; verify with the standardwebhooks or svix libraries. For 24 hours after a secret rotation a second v1 entry is made with the previous secret. Legacy endpoints (signatureScheme legacy, until 2027-05-31) get instead Webhook-Signature: t=<unix seconds>,v1=<lowercase hex HMAC-SHA-256 of the timestamp, a dot and the raw body, keyed with the whole secret as UTF-8> and no webhook-timestamp. */
        "webhook-signature": string;
        /** @description The delivery id (see GET /api/webhooks/{id}/deliveries) */
        "Webhook-Delivery": string;
        /** @description WarmIntros-Webhooks/1 */
        "User-Agent": string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["DisputeAnsweredEvent"];
      };
    };
    responses: {
      /** @description Acknowledged: the delivery succeeded */
      "2XX": {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Not acknowledged: the delivery is retried */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_dispute_resolved: {
    parameters: {
      query?: never;
      header: {
        /** @description The event id (evt_...), the same on every retry and in GET /api/events */
        "webhook-id": string;
        /** @description When this attempt was signed, in unix seconds */
        "webhook-timestamp": string;
        /** @description Standard Webhooks (signatureScheme standard): space-separated v1,<base64 HMAC-SHA-256 of webhook-id, a dot, webhook-timestamp, a dot and the raw body, keyed with the base64-decoded part of the secret after whsec_>; verify with the standardwebhooks or svix libraries. For 24 hours after a secret rotation a second v1 entry is made with the previous secret. Legacy endpoints (signatureScheme legacy, until 2027-05-31) get instead Webhook-Signature: t=<unix seconds>,v1=<lowercase hex HMAC-SHA-256 of the timestamp, a dot and the raw body, keyed with the whole secret as UTF-8> and no webhook-timestamp. */
        "webhook-signature": string;
        /** @description The delivery id (see GET /api/webhooks/{id}/deliveries) */
        "Webhook-Delivery": string;
        /** @description WarmIntros-Webhooks/1 */
        "User-Agent": string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["DisputeResolvedEvent"];
      };
    };
    responses: {
      /** @description Acknowledged: the delivery succeeded */
      "2XX": {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Not acknowledged: the delivery is retried */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_ping: {
    parameters: {
      query?: never;
      header: {
        /** @description The event id (evt_...), the same on every retry and in GET /api/events */
        "webhook-id": string;
        /** @description When this attempt was signed, in unix seconds */
        "webhook-timestamp": string;
        /** @description Standard Webhooks (signatureScheme standard): space-separated v1,<base64 HMAC-SHA-256 of webhook-id, a dot, webhook-timestamp, a dot and the raw body, keyed with the base64-decoded part of the secret after whsec_>; verify with the standardwebhooks or svix libraries. For 24 hours after a secret rotation a second v1 entry is made with the previous secret. Legacy endpoints (signatureScheme legacy, until 2027-05-31) get instead Webhook-Signature: t=<unix seconds>,v1=<lowercase hex HMAC-SHA-256 of the timestamp, a dot and the raw body, keyed with the whole secret as UTF-8> and no webhook-timestamp. */
        "webhook-signature": string;
        /** @description The delivery id (see GET /api/webhooks/{id}/deliveries) */
        "Webhook-Delivery": string;
        /** @description WarmIntros-Webhooks/1 */
        "User-Agent": string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["PingEvent"];
      };
    };
    responses: {
      /** @description Acknowledged: the delivery succeeded */
      "2XX": {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Not acknowledged: the delivery is retried */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
}
