// Generated from GET /api/openapi.json by openapi-typescript: npm run openapi:types. Do not edit.

export interface paths {
    "/api/auth/get-session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The current session and its user (null without one)
         * @description Get the current session
         */
        get: operations["getSession"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/sign-out": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign out: end this session
         * @description Sign out the current user
         */
        post: operations["signOut"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/sign-up/email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create an account and sign in
         * @description Sign up a user using email and password
         */
        post: operations["signUpWithEmailAndPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/sign-in/email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in with email and password
         * @description Sign in with email and password
         */
        post: operations["signInEmail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/reset-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set a new password with a reset token (ends every session)
         * @description Reset the password for a user
         */
        post: operations["resetPassword"];
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
        /**
         * Follow a mailed verification link: marks the address verified
         * @description Verify the email of the user
         */
        get: operations["getAuthVerifyEmail"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/send-verification-email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mail an email-verification link again
         * @description Send a verification email to the user
         */
        post: operations["sendVerificationEmail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/change-email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Change your email: confirmed from the old address, then verified at the new one */
        post: operations["changeEmail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/change-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Change your password (ends your other sessions)
         * @description Change the password of the user
         */
        post: operations["changePassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/update-user": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Change your name or image
         * @description Update the current user
         */
        post: operations["updateUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/request-password-reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mail a password-reset link (the same answer for any address)
         * @description Send a password reset email to the user
         */
        post: operations["requestPasswordReset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/reset-password/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Follow a mailed reset link: redirects to the page that asked, with the token
         * @description Redirects the user to the callback URL with the token
         */
        get: operations["resetPasswordCallback"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/list-sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your active sessions: created, last used, user agent and address (never their tokens)
         * @description List all active sessions for the user
         */
        get: operations["listUserSessions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/revoke-session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * End one of your sessions: by its id from list-sessions, or by its token
         * @description Revoke a single session
         */
        post: operations["postAuthRevokeSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/revoke-sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * End all your sessions
         * @description Revoke all sessions for the user
         */
        post: operations["postAuthRevokeSessions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/revoke-other-sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * End all your sessions but this one
         * @description Revoke all other sessions for the user except the current one
         */
        post: operations["postAuthRevokeOtherSessions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/two-factor/get-totp-uri": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The otpauth:// URI of your authenticator again (needs your password)
         * @description Use this endpoint to get the TOTP URI
         */
        post: operations["postAuthTwoFactorGetTotpUri"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/two-factor/verify-totp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a 6-digit code: confirms enrolment when signed in, or completes a sign-in that asked for one (5 wrong codes end that sign-in; a code is accepted once)
         * @description Verify two factor TOTP
         */
        post: operations["postAuthTwoFactorVerifyTotp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/two-factor/verify-backup-code": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Complete a sign-in that asked for a code with one of your backup codes (each works once)
         * @description Verify a backup code for two-factor authentication
         */
        post: operations["postAuthTwoFactorVerifyBackupCode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/two-factor/generate-backup-codes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replace your backup codes with 10 new ones (needs your password)
         * @description Generate new backup codes for two-factor authentication
         */
        post: operations["postAuthTwoFactorGenerateBackupCodes"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/two-factor/enable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start two-factor enrolment with your password: an otpauth:// URI for an authenticator app and 10 single-use backup codes
         * @description Enable two factor authentication. Pass method 'totp' (default) to set up an authenticator app (returns TOTP URI and backup codes), or 'otp' to enable email/SMS-based codes immediately.
         */
        post: operations["postAuthTwoFactorEnable"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/two-factor/disable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Turn two-factor sign-in off (needs your password)
         * @description Use this endpoint to disable two factor authentication.
         */
        post: operations["postAuthTwoFactorDisable"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/passkey/generate-register-options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Start registering a passkey: WebAuthn creation options for navigator.credentials.create (a session signed in within the day) */
        get: operations["getAuthPasskeyGenerateRegisterOptions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/passkey/verify-registration": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Finish registering a passkey with the authenticator's response (its PublicKeyCredential as JSON) */
        post: operations["postAuthPasskeyVerifyRegistration"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/passkey/generate-authenticate-options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Start signing in with a passkey: WebAuthn request options for navigator.credentials.get */
        get: operations["getAuthPasskeyGenerateAuthenticateOptions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/passkey/verify-authentication": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign in with a passkey alone (the authenticator's PublicKeyCredential as JSON): both factors, no code asked */
        post: operations["postAuthPasskeyVerifyAuthentication"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/passkey/list-user-passkeys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your passkeys */
        get: operations["getAuthPasskeyListUserPasskeys"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/passkey/delete-passkey": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Delete one of your passkeys (404 for an id that is not yours) */
        post: operations["postAuthPasskeyDeletePasskey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The process answers
         * @description Anyone.
         */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The database answers too
         * @description Anyone.
         */
        get: operations["getReady"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List users
         * @description Needs a session with role ADMIN.
         */
        get: operations["getUsers"];
        put?: never;
        /**
         * Create a user (who can then sign in; roles are always USER)
         * @description Anyone. Rate-limited like sign-up. With REQUIRE_EMAIL_VERIFICATION, a taken address is answered like a free one (201, a record nobody can sign in to) and its owner is told by mail; otherwise 409 duplicate_email.
         */
        post: operations["postUsers"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List users (the development adminKey elevation applies)
         * @description Needs a session with role ADMIN.
         */
        get: operations["getAdminUsers"];
        put?: never;
        post?: never;
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
        /**
         * Read a user
         * @description Needs a session.
         */
        get: operations["getUsersById"];
        /**
         * Update your own name (or, as ADMIN, another user's email)
         * @description Needs a session. The user themselves: `email` may repeat the current address; a new one is set through `POST /api/auth/change-email` (400 email_change_requires_verification). An ADMIN may set another user's email (not the name: 403): a new email is unverified, the old address gets a notice, and the change is audited (user.update_by_admin).
         */
        put: operations["putUsersById"];
        post?: never;
        /**
         * Delete a user
         * @description Needs a session with role ADMIN.
         */
        delete: operations["deleteUsersById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/{id}/roles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Set a user's roles
         * @description Needs a session with role ADMIN. An ADMIN cannot remove ADMIN from their own account (409 last_admin_protection).
         */
        put: operations["putUsersByIdRoles"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/profile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your own user
         * @description Needs a session.
         */
        get: operations["getProfile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/posts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List posts, newest first
         * @description Anyone; with a session the answer is personalised. Anonymous callers see public, visible posts; a session adds your own; MODERATOR and ADMIN also see hidden posts.
         */
        get: operations["getPosts"];
        put?: never;
        /**
         * Create a post
         * @description Needs a session with role USER or above (a GUEST only reads).
         */
        post: operations["postPosts"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/posts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a post
         * @description Anyone; with a session the answer is personalised. A post you may not see is 404 post_not_found.
         */
        get: operations["getPostsById"];
        /**
         * Replace your own post
         * @description Needs a session with role USER or above (a GUEST only reads).
         */
        put: operations["putPostsById"];
        post?: never;
        /**
         * Delete a post (its author or an ADMIN)
         * @description Needs a session.
         */
        delete: operations["deletePostsById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/moderate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Hide or restore a post
         * @description Needs a session with role MODERATOR or ADMIN.
         */
        post: operations["postModerate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The audit trail, newest first
         * @description Needs a session with role ADMIN.
         */
        get: operations["getAdminAudit"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/posts/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List posts (page number)
         * @description Anyone; with a session the answer is personalised. Same visibility as v1. `search` is full text over title and content (web-search syntax); `status` keeps visible or hidden posts; `ordering` takes created_at, updated_at, title, comma-separated, `-` for descending.
         */
        get: operations["getV2Posts"];
        put?: never;
        /**
         * Create a post
         * @description Needs a session with role USER or above (a GUEST only reads).
         */
        post: operations["postV2Posts"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/posts/{id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a post
         * @description Anyone; with a session the answer is personalised.
         */
        get: operations["getV2PostsById"];
        /**
         * Replace your post
         * @description Needs a session with role USER or above (a GUEST only reads).
         */
        put: operations["putV2PostsById"];
        post?: never;
        /**
         * Delete a post (its author or an ADMIN)
         * @description Needs a session.
         */
        delete: operations["deleteV2PostsById"];
        options?: never;
        head?: never;
        /**
         * Change some fields of your post
         * @description Needs a session with role USER or above (a GUEST only reads).
         */
        patch: operations["patchV2PostsById"];
        trace?: never;
    };
    "/api/v2/posts/{postId}/comments/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a post's comments (cursor, newest first, 10 a page)
         * @description Anyone; with a session the answer is personalised.
         */
        get: operations["getV2PostsByPostIdComments"];
        put?: never;
        /**
         * Comment on a post you can see
         * @description Needs a session with role USER or above (a GUEST only reads).
         */
        post: operations["postV2PostsByPostIdComments"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/posts/{postId}/comments/{id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a comment
         * @description Anyone; with a session the answer is personalised.
         */
        get: operations["getV2PostsByPostIdCommentsById"];
        /**
         * Replace your comment
         * @description Needs a session with role USER or above (a GUEST only reads).
         */
        put: operations["putV2PostsByPostIdCommentsById"];
        post?: never;
        /**
         * Delete a comment (its author, the post's author, a MODERATOR or an ADMIN)
         * @description Needs a session.
         */
        delete: operations["deleteV2PostsByPostIdCommentsById"];
        options?: never;
        head?: never;
        /**
         * Change some fields of your comment
         * @description Needs a session with role USER or above (a GUEST only reads).
         */
        patch: operations["patchV2PostsByPostIdCommentsById"];
        trace?: never;
    };
    "/api/v2/users/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List users (limit/offset)
         * @description Needs a session with role ADMIN. `search` matches name and email; `role` keeps users holding that role; `ordering` takes created_at, name, email.
         */
        get: operations["getV2Users"];
        put?: never;
        /**
         * Create a user
         * @description Anyone. With REQUIRE_EMAIL_VERIFICATION, a taken address is answered like a free one (201, a record nobody can sign in to) and its owner is told by mail; otherwise 409 duplicate_email.
         */
        post: operations["postV2Users"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/users/{id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a user
         * @description Needs a session.
         */
        get: operations["getV2UsersById"];
        /**
         * Replace your own user
         * @description Needs a session. The user themselves: `email` may repeat the current address; a new one is set through `POST /api/auth/change-email` (400 email_change_requires_verification). An ADMIN may set another user's email (not the name: 403): a new email is unverified, the old address gets a notice, and the change is audited (user.update_by_admin).
         */
        put: operations["putV2UsersById"];
        post?: never;
        /**
         * Delete a user
         * @description Needs a session with role ADMIN.
         */
        delete: operations["deleteV2UsersById"];
        options?: never;
        head?: never;
        /**
         * Change some fields of your own user
         * @description Needs a session. The user themselves: `email` may repeat the current address; a new one is set through `POST /api/auth/change-email` (400 email_change_requires_verification). An ADMIN may set another user's email (not the name: 403): a new email is unverified, the old address gets a notice, and the change is audited (user.update_by_admin).
         */
        patch: operations["patchV2UsersById"];
        trace?: never;
    };
    "/api/v2/notifications/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your notifications (cursor, newest first, 10 a page), or with Accept: text/event-stream their live stream
         * @description Needs a session.
         */
        get: operations["getV2Notifications"];
        put?: never;
        /**
         * Send a user a notification
         * @description Needs a session with role ADMIN.
         */
        post: operations["postV2Notifications"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/notifications/{id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read one of your notifications
         * @description Needs a session.
         */
        get: operations["getV2NotificationsById"];
        put?: never;
        post?: never;
        /**
         * Delete one of your notifications
         * @description Needs a session.
         */
        delete: operations["deleteV2NotificationsById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/tags/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The 100 most used tags of public, visible posts (not paginated)
         * @description Anyone. `search` keeps the tags that start with it (case-insensitive).
         */
        get: operations["getV2Tags"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/admin/dashboard/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Counts for the console's dashboard
         * @description Needs a session with role MODERATOR or ADMIN. Users by role (a user with two roles counts in both), posts by status, comments since midnight (the database's time zone), mail waiting or given up.
         */
        get: operations["getV2AdminDashboard"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/admin/audit/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The audit trail, newest first, filtered (limit/offset)
         * @description Needs a session with role MODERATOR or ADMIN. Each entry names its actor and, when the target is a user, the target by name and email.
         */
        get: operations["getV2AdminAudit"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/admin/users/{id}/sessions/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A user's open sessions
         * @description Needs a session with role ADMIN.
         */
        get: operations["getV2AdminUsersByIdSessions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/admin/users/{id}/sessions/{sessionId}/": {
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
         * Revoke one of a user's sessions (its next request is signed out; audited)
         * @description Needs a session with role ADMIN.
         */
        delete: operations["deleteV2AdminUsersByIdSessionsBySessionId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/admin/mail/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The mail outbox's waiting and failed messages, newest first (limit/offset)
         * @description Needs a session with role ADMIN. Recipient, kind and subject, attempts, the last error and times; never the message's text, its link or its Message-ID.
         */
        get: operations["getV2AdminMail"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/admin/mail/{id}/retry/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Queue a failed message again (audited)
         * @description Needs a session with role ADMIN. Due at once; its attempts keep counting. 409 when the message has not failed, or when its link expired or its values were dropped (the user then asks for a new one).
         */
        post: operations["postV2AdminMailByIdRetry"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/admin/users/{id}/comments/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A user's comments, newest first, on any post (limit/offset)
         * @description Needs a session with role ADMIN. Each with its post's title, hidden and private posts included: the console's user page.
         */
        get: operations["getV2AdminUsersByIdComments"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/me/": {
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
         * Delete your own account
         * @description Needs a session. Confirmed with the account's password in a JSON body. Deletes the account with its sessions (signed out on every instance at once, live streams end), posts (and every comment under them), comments and notifications, as an ADMIN's deletion does; the audit trail keeps an entry with the id only. 400 invalid_password; 409 last_admin_protection for an ADMIN (another ADMIN must remove the role first); 409 password_not_set for an account that signs in only through the identity provider; 403 while impersonating. Rate-limited like sign-in.
         */
        delete: operations["deleteV2Me"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/me/export/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Export everything the service holds about you
         * @description Needs a session. One JSON document, sent as a download (Content-Disposition: attachment) and written as it is read: profile, roles, sign-in methods (provider ids, no tokens), sessions (no tokens), whether two-factor is on, posts, comments, notifications and the audit entries by or about you. No password hash, token or secret. 3 per hour per user across every instance (429 rate_limited with Retry-After). A failure after the answer started cuts the connection: a download that does not parse as JSON is incomplete.
         */
        get: operations["getV2MeExport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * This document (OpenAPI 3.1)
         * @description Anyone.
         */
        get: operations["getOpenapiJson"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/docs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Interactive reference (Swagger UI)
         * @description Anyone.
         */
        get: operations["getDocs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/docs/swagger-ui.css": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A script or style sheet of the reference page
         * @description Anyone.
         */
        get: operations["getDocsSwaggerUiCss"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/docs/swagger-ui-bundle.js": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A script or style sheet of the reference page
         * @description Anyone.
         */
        get: operations["getDocsSwaggerUiBundleJs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/docs/start.js": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A script or style sheet of the reference page
         * @description Anyone.
         */
        get: operations["getDocsStartJs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        AuthSession: {
            readonly id: string;
            /** Format: date-time */
            expiresAt: string;
            token: string;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            ipAddress?: string | null;
            userAgent?: string | null;
            userId: string;
        };
        AuthUser: {
            readonly id: string;
            name: string;
            email: string;
            /** @default false */
            readonly emailVerified: boolean;
            image?: string | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            /** @default false */
            readonly twoFactorEnabled: boolean | null;
            /**
             * @default [
             *       "USER"
             *     ]
             */
            readonly roles: string[] | null;
        };
        /** @description better-auth's error body on /api/auth/* */
        AuthError: {
            message: string;
            code?: string;
        };
        /** @description v1 error: `{error, code?}`; the authentication and role errors have no code */
        V1Error: {
            error: string;
            code?: string;
            /** @description On validation_error: messages keyed `part.field` (body.title, query.limit) */
            details?: {
                [key: string]: string[];
            };
            /** @description On the unknown-endpoint 404: `METHOD url` */
            endpoint?: string;
            /** @description Development mode, 500 only */
            stack?: string;
        };
        User: {
            /** Format: uuid */
            id: string;
            /**
             * Format: email
             * @example ada@example.com
             */
            email: string;
            name: string;
            roles: ("ADMIN" | "MODERATOR" | "USER" | "GUEST")[];
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        Post: {
            /** Format: uuid */
            id: string;
            title: string;
            content: string;
            tags: string[];
            /** @enum {string} */
            visibility: "public" | "private";
            /**
             * @description hidden: moderated; seen only by its author and by MODERATOR and ADMIN
             * @enum {string}
             */
            status: "visible" | "hidden";
            /** Format: uuid */
            authorId: string;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        AuditEntry: {
            /** Format: uuid */
            id: string;
            /** @description Kept after the actor's account is deleted; null for the operator CLI */
            actorId: string | null;
            /** @description The actor's email when the entry was written */
            actorEmail: string | null;
            action: string;
            targetId: string | null;
            method: string | null;
            path: string | null;
            details: {
                [key: string]: unknown;
            } | null;
            /** Format: date-time */
            createdAt: string;
        };
        PostPage: {
            count: number;
            /** @description Absolute URL of the adjacent page, or null */
            next: string | null;
            /** @description Absolute URL of the adjacent page, or null */
            previous: string | null;
            results: components["schemas"]["Post"][];
        };
        /** @description v2 validation failure: messages keyed by field name */
        V2FieldErrors: {
            [key: string]: string[];
        };
        /** @description v2 error (Django REST framework): `{detail}`; the service's own errors add a code */
        V2Detail: {
            detail: string;
            code?: string;
            stack?: string;
        };
        CommentPage: {
            /** @description Absolute URL of the adjacent page, or null */
            next: string | null;
            /** @description Absolute URL of the adjacent page, or null */
            previous: string | null;
            results: components["schemas"]["Comment"][];
        };
        Comment: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            postId: string;
            /** Format: uuid */
            authorId: string;
            content: string;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        UserPage: {
            count: number;
            /** @description Absolute URL of the adjacent page, or null */
            next: string | null;
            /** @description Absolute URL of the adjacent page, or null */
            previous: string | null;
            results: components["schemas"]["User"][];
        };
        OwnUser: {
            /** Format: uuid */
            id: string;
            /**
             * Format: email
             * @example ada@example.com
             */
            email: string;
            name: string;
            roles: ("ADMIN" | "MODERATOR" | "USER" | "GUEST")[];
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            emailVerified: boolean;
        };
        PublicUser: {
            /** Format: uuid */
            id: string;
            name: string;
        };
        NotificationPage: {
            /** @description Absolute URL of the adjacent page, or null */
            next: string | null;
            /** @description Absolute URL of the adjacent page, or null */
            previous: string | null;
            results: components["schemas"]["Notification"][];
        };
        Notification: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            userId: string;
            /** @enum {string} */
            type: "comment" | "moderation" | "roles" | "admin";
            message: string;
            postId: string | null;
            /** Format: date-time */
            createdAt: string;
        };
        TagCount: {
            name: string;
            count: number;
        };
        Dashboard: {
            users: {
                ADMIN: number;
                MODERATOR: number;
                USER: number;
                GUEST: number;
            };
            posts: {
                visible: number;
                hidden: number;
            };
            commentsToday: number;
            mail: {
                pending: number;
                failed: number;
            };
        };
        AuditTrailPage: {
            count: number;
            /** @description Absolute URL of the adjacent page, or null */
            next: string | null;
            /** @description Absolute URL of the adjacent page, or null */
            previous: string | null;
            results: components["schemas"]["AuditTrailEntry"][];
        };
        AuditTrailEntry: {
            /** Format: uuid */
            id: string;
            actorId: string | null;
            /** @description null once the account is deleted */
            actorName: string | null;
            actorEmail: string | null;
            action: string;
            targetId: string | null;
            /** @description When the target is a user that still exists */
            targetName: string | null;
            targetEmail: string | null;
            details: {
                [key: string]: unknown;
            } | null;
            /** Format: date-time */
            createdAt: string;
        };
        UserSession: {
            /** Format: uuid */
            id: string;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            expiresAt: string;
            ipAddress: string | null;
            userAgent: string | null;
        };
        QueuedMailPage: {
            count: number;
            /** @description Absolute URL of the adjacent page, or null */
            next: string | null;
            /** @description Absolute URL of the adjacent page, or null */
            previous: string | null;
            results: components["schemas"]["QueuedMail"][];
        };
        /** @description A message of the outbox, without its link or any value it carries */
        QueuedMail: {
            /** Format: uuid */
            id: string;
            /** @description reset-password, verify-email or confirm-email-change */
            kind: string;
            /** @description The fixed subject of its kind */
            subject: string;
            recipient: string;
            /** @enum {string} */
            status: "pending" | "failed";
            attempts: number;
            /** @description Why the last attempt failed, in the worker's words (codes, never an address or a link) */
            lastError: string | null;
            /**
             * Format: date-time
             * @description When a worker may next try a waiting message
             */
            nextAttemptAt: string;
            /**
             * Format: date-time
             * @description When its link stops working; it is not sent after
             */
            expiresAt: string;
            /** Format: date-time */
            createdAt: string;
            /** @description Failed, its link still good: POST .../retry/ queues it again */
            retryable: boolean;
        };
        UserCommentPage: {
            count: number;
            /** @description Absolute URL of the adjacent page, or null */
            next: string | null;
            /** @description Absolute URL of the adjacent page, or null */
            previous: string | null;
            results: components["schemas"]["UserComment"][];
        };
        /** @description A comment as a user's page lists it, with its post's title */
        UserComment: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            postId: string;
            postTitle: string;
            content: string;
            /** Format: date-time */
            createdAt: string;
        };
        AccountExport: {
            /** Format: date-time */
            exportedAt: string;
            user: {
                /** Format: uuid */
                id: string;
                /**
                 * Format: email
                 * @example ada@example.com
                 */
                email: string;
                name: string;
                roles: ("ADMIN" | "MODERATOR" | "USER" | "GUEST")[];
                /** Format: date-time */
                createdAt: string;
                /** Format: date-time */
                updatedAt: string;
                emailVerified: boolean;
                image: string | null;
            };
            /** @description The ways the account signs in; no password hash and no provider token */
            accounts: {
                /** @description `credential` (a password) or `oidc` */
                providerId: string;
                /** @description The account's id at the provider (the user id for `credential`) */
                accountId: string;
                scope: string | null;
                /** Format: date-time */
                createdAt: string;
                /** Format: date-time */
                updatedAt: string;
            }[];
            /** @description Open sessions, without their tokens */
            sessions: {
                /** Format: uuid */
                id: string;
                /** Format: date-time */
                createdAt: string;
                /** Format: date-time */
                updatedAt: string;
                /** Format: date-time */
                expiresAt: string;
                ipAddress: string | null;
                userAgent: string | null;
                /** @description The session this export was asked with */
                current: boolean;
            }[];
            /** @description Whether two-factor sign-in is on; the secret and backup codes are never exported */
            twoFactor: {
                enabled: boolean;
            };
            /** @description Oldest first */
            posts: components["schemas"]["Post"][];
            /** @description Oldest first */
            comments: components["schemas"]["Comment"][];
            /** @description Oldest first */
            notifications: components["schemas"]["Notification"][];
            /** @description Entries they acted in, or about them, their account or their content; oldest first */
            audit: {
                /** Format: uuid */
                id: string;
                /** @description Kept after the actor's account is deleted; null for the operator CLI */
                actorId: string | null;
                action: string;
                targetId: string | null;
                method: string | null;
                path: string | null;
                details: {
                    [key: string]: unknown;
                } | null;
                /** Format: date-time */
                createdAt: string;
            }[];
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: {
        /** @description When rate limits are on (production): this client's budget on this route, e.g. `limit=100, remaining=99, reset=60` (seconds) */
        RateLimit: string;
        /** @description When rate limits are on: the policy, e.g. `100;w=60` (100 requests a 60-second window) */
        "RateLimit-Policy": string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getSession: {
        parameters: {
            query?: {
                disableCookieCache?: boolean;
                disableRefresh?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        session: components["schemas"]["AuthSession"];
                        user: components["schemas"]["AuthUser"];
                    } | null;
                };
            };
            /** @description Invalid request (better-auth's `{code, message}`): a field the service's rules refuse (INVALID_NAME, INVALID_EMAIL, PASSWORD_TOO_COMMON, ...), a callback URL that could leave the origin (INVALID_CALLBACK_URL, INVALID_REDIRECT_URL, ...), or one better-auth refuses */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description No session */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Authenticated but not permitted, or a cross-origin preflight from an origin not allowed */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description The body is not JSON: `{error, code: "unsupported_media_type"}` */
            415: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Too many requests: see Retry-After */
            429: {
                headers: {
                    /** @description Seconds until this client may try again */
                    "Retry-After"?: number;
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description The database is unavailable */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
        };
    };
    signOut: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description The URL to redirect to after provider logout */
                    callbackURL?: string;
                    /** @description Return the provider logout URL without redirecting */
                    disableRedirect?: boolean;
                    /** @description State to pass to the provider logout endpoint */
                    state?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description Clears the session cookie `auth.session_token` (and its cache cookies), expired */
                    "Set-Cookie"?: string;
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success?: boolean;
                        /** @description Provider logout URL when RP-initiated logout is available */
                        url?: string;
                        /** @description Whether the client should redirect to the provider logout URL */
                        redirect?: boolean;
                    };
                };
            };
            /** @description Invalid request (better-auth's `{code, message}`): a field the service's rules refuse (INVALID_NAME, INVALID_EMAIL, PASSWORD_TOO_COMMON, ...), a callback URL that could leave the origin (INVALID_CALLBACK_URL, INVALID_REDIRECT_URL, ...), or one better-auth refuses */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description No session */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Authenticated but not permitted, or a cross-origin preflight from an origin not allowed */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description The body is not JSON: `{error, code: "unsupported_media_type"}` */
            415: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Too many requests: see Retry-After */
            429: {
                headers: {
                    /** @description Seconds until this client may try again */
                    "Retry-After"?: number;
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description The database is unavailable */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
        };
    };
    signUpWithEmailAndPassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Ada Lovelace",
                 *       "email": "ada@example.com",
                 *       "password": "a long passphrase of yours"
                 *     }
                 */
                "application/json": {
                    /**
                     * @description One line, without control or text-direction characters, holding a visible character; stored trimmed
                     * @example Ada Lovelace
                     */
                    name: string;
                    /**
                     * Format: email
                     * @description The email of the user
                     * @example ada@example.com
                     */
                    email: string;
                    /**
                     * @description The password of the user
                     * @example a long passphrase of yours
                     */
                    password: string;
                    /**
                     * Format: uri
                     * @description The profile image URL of the user
                     */
                    image?: string;
                    /**
                     * @description The page the verification link mailed at sign-up lands on; without one, following the link answers JSON. An absolute URL of a trusted origin, or a path starting with a single "/"
                     * @example http://localhost:3000/welcome
                     */
                    callbackURL?: string;
                    /** @description If this is false, the session will not be remembered. Default is `true`. */
                    rememberMe?: boolean;
                };
            };
        };
        responses: {
            /** @description Successfully created user */
            200: {
                headers: {
                    /** @description The session cookie `auth.session_token` (HttpOnly, SameSite=Lax; `__Secure-` and Secure in production); none when email verification is required */
                    "Set-Cookie"?: string;
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Authentication token for the session */
                        token?: string | null;
                        user: {
                            /** @description The unique identifier of the user */
                            id: string;
                            /**
                             * Format: email
                             * @description The email address of the user
                             */
                            email: string;
                            /** @description The name of the user */
                            name: string;
                            /**
                             * Format: uri
                             * @description The profile image URL of the user
                             */
                            image?: string | null;
                            /** @description Whether the email has been verified */
                            emailVerified: boolean;
                            /**
                             * Format: date-time
                             * @description When the user was created
                             */
                            createdAt: string;
                            /**
                             * Format: date-time
                             * @description When the user was last updated
                             */
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Invalid request (better-auth's `{code, message}`): a field the service's rules refuse (INVALID_NAME, INVALID_EMAIL, PASSWORD_TOO_COMMON, ...), a callback URL that could leave the origin (INVALID_CALLBACK_URL, INVALID_REDIRECT_URL, ...), or one better-auth refuses */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description No session */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Authenticated but not permitted, or a cross-origin preflight from an origin not allowed */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description The body is not JSON: `{error, code: "unsupported_media_type"}` */
            415: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Refused by better-auth (e.g. the email is taken) */
            422: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Too many requests: see Retry-After */
            429: {
                headers: {
                    /** @description Seconds until this client may try again */
                    "Retry-After"?: number;
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description The database is unavailable */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
        };
    };
    signInEmail: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "ada@example.com",
                 *       "password": "a long passphrase of yours"
                 *     }
                 */
                "application/json": {
                    /** @description Email of the user */
                    email: string;
                    /** @description Password of the user */
                    password: string;
                    /**
                     * @description Where the browser lands: an absolute URL of a trusted origin, or a path starting with a single "/"; no "." or ".." segments
                     * @example http://localhost:3000/signed-in
                     */
                    callbackURL?: string;
                    /** @description If this is false, the session will not be remembered. Default is `true`. */
                    rememberMe?: boolean;
                };
            };
        };
        responses: {
            /** @description Success - Returns either session details or redirect URL */
            200: {
                headers: {
                    /** @description The session cookie `auth.session_token` (HttpOnly, SameSite=Lax; `__Secure-` and Secure in production) */
                    "Set-Cookie"?: string;
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        redirect: false;
                        /** @description Session token */
                        token: string;
                        url?: string | null;
                        user: components["schemas"]["AuthUser"];
                    } | {
                        /** @constant */
                        twoFactorRedirect: true;
                        twoFactorMethods: ("totp" | "otp")[];
                    };
                };
            };
            /** @description Invalid request (better-auth's `{code, message}`): a field the service's rules refuse (INVALID_NAME, INVALID_EMAIL, PASSWORD_TOO_COMMON, ...), a callback URL that could leave the origin (INVALID_CALLBACK_URL, INVALID_REDIRECT_URL, ...), or one better-auth refuses */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description No session */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Authenticated but not permitted, or a cross-origin preflight from an origin not allowed */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description The body is not JSON: `{error, code: "unsupported_media_type"}` */
            415: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Too many requests: see Retry-After */
            429: {
                headers: {
                    /** @description Seconds until this client may try again */
                    "Retry-After"?: number;
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description The database is unavailable */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
        };
    };
    resetPassword: {
        parameters: {
            query?: {
                token?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description The new password to set
                     * @example a long passphrase of yours
                     */
                    newPassword: string;
                    /** @description The token to reset the password */
                    token?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        status?: boolean;
                    };
                };
            };
            /** @description Invalid request (better-auth's `{code, message}`): a field the service's rules refuse (INVALID_NAME, INVALID_EMAIL, PASSWORD_TOO_COMMON, ...), a callback URL that could leave the origin (INVALID_CALLBACK_URL, INVALID_REDIRECT_URL, ...), or one better-auth refuses */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description No session */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Authenticated but not permitted, or a cross-origin preflight from an origin not allowed */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description The body is not JSON: `{error, code: "unsupported_media_type"}` */
            415: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Too many requests: see Retry-After */
            429: {
                headers: {
                    /** @description Seconds until this client may try again */
                    "Retry-After"?: number;
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description The database is unavailable */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
        };
    };
    getAuthVerifyEmail: {
        parameters: {
            query: {
                /** @description The token to verify the email */
                token: string;
                /** @description The URL to redirect to after email verification */
                callbackURL?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user: components["schemas"]["AuthUser"] | null;
                        /** @description Indicates if the email was verified successfully */
                        status: boolean;
                    };
                };
            };
            /** @description Redirect to the page the client named (callbackURL), with `token` or `error` in its query */
            302: {
                headers: {
                    Location?: string;
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid request (better-auth's `{code, message}`): a field the service's rules refuse (INVALID_NAME, INVALID_EMAIL, PASSWORD_TOO_COMMON, ...), a callback URL that could leave the origin (INVALID_CALLBACK_URL, INVALID_REDIRECT_URL, ...), or one better-auth refuses */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description No session */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Authenticated but not permitted, or a cross-origin preflight from an origin not allowed */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description The body is not JSON: `{error, code: "unsupported_media_type"}` */
            415: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Too many requests: see Retry-After */
            429: {
                headers: {
                    /** @description Seconds until this client may try again */
                    "Retry-After"?: number;
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description The database is unavailable */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
        };
    };
    sendVerificationEmail: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description The email to send the verification email to
                     * @example user@example.com
                     */
                    email: string;
                    /**
                     * @description Where the browser lands: an absolute URL of a trusted origin, or a path starting with a single "/"; no "." or ".." segments
                     * @example http://localhost:3000/verified
                     */
                    callbackURL?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Indicates if the email was sent successfully
                         * @example true
                         */
                        status?: boolean;
                    };
                };
            };
            /** @description Invalid request (better-auth's `{code, message}`): a field the service's rules refuse (INVALID_NAME, INVALID_EMAIL, PASSWORD_TOO_COMMON, ...), a callback URL that could leave the origin (INVALID_CALLBACK_URL, INVALID_REDIRECT_URL, ...), or one better-auth refuses */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description No session */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Authenticated but not permitted, or a cross-origin preflight from an origin not allowed */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description The body is not JSON: `{error, code: "unsupported_media_type"}` */
            415: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Too many requests: see Retry-After */
            429: {
                headers: {
                    /** @description Seconds until this client may try again */
                    "Retry-After"?: number;
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description The database is unavailable */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
        };
    };
    changeEmail: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: email
                     * @description The new email address to set must be a valid email address
                     * @example ada@example.com
                     */
                    newEmail: string;
                    /**
                     * @description Where the browser lands: an absolute URL of a trusted origin, or a path starting with a single "/"; no "." or ".." segments
                     * @example http://localhost:3000/email-changed
                     */
                    callbackURL?: string;
                };
            };
        };
        responses: {
            /** @description Email change request processed successfully */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user?: components["schemas"]["AuthUser"];
                        /** @description Indicates if the request was successful */
                        status: boolean;
                        /**
                         * @description Status message of the email change process
                         * @enum {string|null}
                         */
                        message?: "Email updated" | "Verification email sent" | null;
                    };
                };
            };
            /** @description Invalid request (better-auth's `{code, message}`): a field the service's rules refuse (INVALID_NAME, INVALID_EMAIL, PASSWORD_TOO_COMMON, ...), a callback URL that could leave the origin (INVALID_CALLBACK_URL, INVALID_REDIRECT_URL, ...), or one better-auth refuses */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description No session */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Authenticated but not permitted, or a cross-origin preflight from an origin not allowed */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description The body is not JSON: `{error, code: "unsupported_media_type"}` */
            415: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Too many requests: see Retry-After */
            429: {
                headers: {
                    /** @description Seconds until this client may try again */
                    "Retry-After"?: number;
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description The database is unavailable */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
        };
    };
    changePassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "currentPassword": "a long passphrase of yours",
                 *       "newPassword": "another long passphrase",
                 *       "revokeOtherSessions": true
                 *     }
                 */
                "application/json": {
                    /**
                     * @description The new password to set
                     * @example a long passphrase of yours
                     */
                    newPassword: string;
                    /** @description The current password is required */
                    currentPassword: string;
                    /** @description Must be a boolean value */
                    revokeOtherSessions?: boolean;
                };
            };
        };
        responses: {
            /** @description Password successfully changed */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description New session token if other sessions were revoked */
                        token?: string | null;
                        user: {
                            /** @description The unique identifier of the user */
                            id: string;
                            /**
                             * Format: email
                             * @description The email address of the user
                             */
                            email: string;
                            /** @description The name of the user */
                            name: string;
                            /**
                             * Format: uri
                             * @description The profile image URL of the user
                             */
                            image?: string | null;
                            /** @description Whether the email has been verified */
                            emailVerified: boolean;
                            /**
                             * Format: date-time
                             * @description When the user was created
                             */
                            createdAt: string;
                            /**
                             * Format: date-time
                             * @description When the user was last updated
                             */
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Invalid request (better-auth's `{code, message}`): a field the service's rules refuse (INVALID_NAME, INVALID_EMAIL, PASSWORD_TOO_COMMON, ...), a callback URL that could leave the origin (INVALID_CALLBACK_URL, INVALID_REDIRECT_URL, ...), or one better-auth refuses */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description No session */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Authenticated but not permitted, or a cross-origin preflight from an origin not allowed */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description The body is not JSON: `{error, code: "unsupported_media_type"}` */
            415: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Too many requests: see Retry-After */
            429: {
                headers: {
                    /** @description Seconds until this client may try again */
                    "Retry-After"?: number;
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description The database is unavailable */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
        };
    };
    updateUser: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Ada King"
                 *     }
                 */
                "application/json": {
                    /**
                     * @description One line, without control or text-direction characters, holding a visible character; stored trimmed
                     * @example Ada Lovelace
                     */
                    name?: string;
                    /** @description The image of the user */
                    image?: ((string | null) | null) | string | null;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user?: components["schemas"]["AuthUser"];
                    };
                };
            };
            /** @description Invalid request (better-auth's `{code, message}`): a field the service's rules refuse (INVALID_NAME, INVALID_EMAIL, PASSWORD_TOO_COMMON, ...), a callback URL that could leave the origin (INVALID_CALLBACK_URL, INVALID_REDIRECT_URL, ...), or one better-auth refuses */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description No session */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Authenticated but not permitted, or a cross-origin preflight from an origin not allowed */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description The body is not JSON: `{error, code: "unsupported_media_type"}` */
            415: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Too many requests: see Retry-After */
            429: {
                headers: {
                    /** @description Seconds until this client may try again */
                    "Retry-After"?: number;
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description The database is unavailable */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
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
                "application/json": {
                    /** @description The email address of the user to send a password reset email to */
                    email: string;
                    /**
                     * @description Where the browser lands: an absolute URL of a trusted origin, or a path starting with a single "/"; no "." or ".." segments
                     * @example http://localhost:3000/reset
                     */
                    redirectTo: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        status?: boolean;
                        message?: string;
                    };
                };
            };
            /** @description Invalid request (better-auth's `{code, message}`): a field the service's rules refuse (INVALID_NAME, INVALID_EMAIL, PASSWORD_TOO_COMMON, ...), a callback URL that could leave the origin (INVALID_CALLBACK_URL, INVALID_REDIRECT_URL, ...), or one better-auth refuses */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description No session */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Authenticated but not permitted, or a cross-origin preflight from an origin not allowed */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description The body is not JSON: `{error, code: "unsupported_media_type"}` */
            415: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Too many requests: see Retry-After */
            429: {
                headers: {
                    /** @description Seconds until this client may try again */
                    "Retry-After"?: number;
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description The database is unavailable */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
        };
    };
    resetPasswordCallback: {
        parameters: {
            query: {
                /** @description The URL to redirect the user to reset their password */
                callbackURL: string;
            };
            header?: never;
            path: {
                /** @description The token to reset the password */
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Redirect to the page the client named (callbackURL), with `token` or `error` in its query */
            302: {
                headers: {
                    Location?: string;
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid request (better-auth's `{code, message}`): a field the service's rules refuse (INVALID_NAME, INVALID_EMAIL, PASSWORD_TOO_COMMON, ...), a callback URL that could leave the origin (INVALID_CALLBACK_URL, INVALID_REDIRECT_URL, ...), or one better-auth refuses */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description No session */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Authenticated but not permitted, or a cross-origin preflight from an origin not allowed */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description The body is not JSON: `{error, code: "unsupported_media_type"}` */
            415: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Too many requests: see Retry-After */
            429: {
                headers: {
                    /** @description Seconds until this client may try again */
                    "Retry-After"?: number;
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description The database is unavailable */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
        };
    };
    listUserSessions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Your active sessions, without their tokens */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        readonly id: string;
                        /** Format: date-time */
                        expiresAt: string;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                        ipAddress?: string | null;
                        userAgent?: string | null;
                        userId: string;
                    }[];
                };
            };
            /** @description Invalid request (better-auth's `{code, message}`): a field the service's rules refuse (INVALID_NAME, INVALID_EMAIL, PASSWORD_TOO_COMMON, ...), a callback URL that could leave the origin (INVALID_CALLBACK_URL, INVALID_REDIRECT_URL, ...), or one better-auth refuses */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description No session */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Authenticated but not permitted, or a cross-origin preflight from an origin not allowed */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description The body is not JSON: `{error, code: "unsupported_media_type"}` */
            415: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Too many requests: see Retry-After */
            429: {
                headers: {
                    /** @description Seconds until this client may try again */
                    "Retry-After"?: number;
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description The database is unavailable */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
        };
    };
    postAuthRevokeSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: uuid
                     * @description The session's id, as list-sessions shows it
                     */
                    id?: string;
                    /** @description The session's token (your own current one, say) */
                    token?: string;
                } | unknown | unknown;
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Indicates if the session was revoked successfully */
                        status: boolean;
                    };
                };
            };
            /** @description Invalid request (better-auth's `{code, message}`): a field the service's rules refuse (INVALID_NAME, INVALID_EMAIL, PASSWORD_TOO_COMMON, ...), a callback URL that could leave the origin (INVALID_CALLBACK_URL, INVALID_REDIRECT_URL, ...), or one better-auth refuses */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description No session */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Authenticated but not permitted, or a cross-origin preflight from an origin not allowed */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description The body is not JSON: `{error, code: "unsupported_media_type"}` */
            415: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Too many requests: see Retry-After */
            429: {
                headers: {
                    /** @description Seconds until this client may try again */
                    "Retry-After"?: number;
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description The database is unavailable */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
        };
    };
    postAuthRevokeSessions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Indicates if all sessions were revoked successfully */
                        status: boolean;
                    };
                };
            };
            /** @description Invalid request (better-auth's `{code, message}`): a field the service's rules refuse (INVALID_NAME, INVALID_EMAIL, PASSWORD_TOO_COMMON, ...), a callback URL that could leave the origin (INVALID_CALLBACK_URL, INVALID_REDIRECT_URL, ...), or one better-auth refuses */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description No session */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Authenticated but not permitted, or a cross-origin preflight from an origin not allowed */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description The body is not JSON: `{error, code: "unsupported_media_type"}` */
            415: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Too many requests: see Retry-After */
            429: {
                headers: {
                    /** @description Seconds until this client may try again */
                    "Retry-After"?: number;
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description The database is unavailable */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
        };
    };
    postAuthRevokeOtherSessions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Indicates if all other sessions were revoked successfully */
                        status: boolean;
                    };
                };
            };
            /** @description Invalid request (better-auth's `{code, message}`): a field the service's rules refuse (INVALID_NAME, INVALID_EMAIL, PASSWORD_TOO_COMMON, ...), a callback URL that could leave the origin (INVALID_CALLBACK_URL, INVALID_REDIRECT_URL, ...), or one better-auth refuses */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description No session */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Authenticated but not permitted, or a cross-origin preflight from an origin not allowed */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description The body is not JSON: `{error, code: "unsupported_media_type"}` */
            415: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Too many requests: see Retry-After */
            429: {
                headers: {
                    /** @description Seconds until this client may try again */
                    "Retry-After"?: number;
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description The database is unavailable */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
        };
    };
    postAuthTwoFactorGetTotpUri: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description User password */
                    password: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        totpURI?: string;
                    };
                };
            };
            /** @description Invalid request (better-auth's `{code, message}`): a field the service's rules refuse (INVALID_NAME, INVALID_EMAIL, PASSWORD_TOO_COMMON, ...), a callback URL that could leave the origin (INVALID_CALLBACK_URL, INVALID_REDIRECT_URL, ...), or one better-auth refuses */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description No session */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Authenticated but not permitted, or a cross-origin preflight from an origin not allowed */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description The body is not JSON: `{error, code: "unsupported_media_type"}` */
            415: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Too many requests: see Retry-After */
            429: {
                headers: {
                    /** @description Seconds until this client may try again */
                    "Retry-After"?: number;
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description The database is unavailable */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
        };
    };
    postAuthTwoFactorVerifyTotp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The otp code to verify. Eg: "012345" */
                    code: string;
                    /** @description If true, the device will be trusted for 30 days. It'll be refreshed on every sign in request within this time. Eg: true */
                    trustDevice?: boolean;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        status?: boolean;
                    };
                };
            };
            /** @description Invalid request (better-auth's `{code, message}`): a field the service's rules refuse (INVALID_NAME, INVALID_EMAIL, PASSWORD_TOO_COMMON, ...), a callback URL that could leave the origin (INVALID_CALLBACK_URL, INVALID_REDIRECT_URL, ...), or one better-auth refuses */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description No session */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Authenticated but not permitted, or a cross-origin preflight from an origin not allowed */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description The body is not JSON: `{error, code: "unsupported_media_type"}` */
            415: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Too many requests: see Retry-After */
            429: {
                headers: {
                    /** @description Seconds until this client may try again */
                    "Retry-After"?: number;
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description The database is unavailable */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
        };
    };
    postAuthTwoFactorVerifyBackupCode: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description A backup code to verify. Eg: "123456" */
                    code: string;
                    /** @description If true, the session cookie will not be set. */
                    disableSession?: boolean;
                    /** @description If true, the device will be trusted for 30 days. It'll be refreshed on every sign in request within this time. Eg: true */
                    trustDevice?: boolean;
                };
            };
        };
        responses: {
            /** @description Signed in: the session cookie is set */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        token: string;
                        user: components["schemas"]["AuthUser"];
                    };
                };
            };
            /** @description Invalid request (better-auth's `{code, message}`): a field the service's rules refuse (INVALID_NAME, INVALID_EMAIL, PASSWORD_TOO_COMMON, ...), a callback URL that could leave the origin (INVALID_CALLBACK_URL, INVALID_REDIRECT_URL, ...), or one better-auth refuses */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description No session */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Authenticated but not permitted, or a cross-origin preflight from an origin not allowed */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description The body is not JSON: `{error, code: "unsupported_media_type"}` */
            415: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Too many requests: see Retry-After */
            429: {
                headers: {
                    /** @description Seconds until this client may try again */
                    "Retry-After"?: number;
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description The database is unavailable */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
        };
    };
    postAuthTwoFactorGenerateBackupCodes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The users password. */
                    password: string;
                };
            };
        };
        responses: {
            /** @description Backup codes generated successfully */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Indicates if the backup codes were generated successfully
                         * @enum {boolean}
                         */
                        status: true;
                        /** @description Array of generated backup codes in plain text */
                        backupCodes: string[];
                    };
                };
            };
            /** @description Invalid request (better-auth's `{code, message}`): a field the service's rules refuse (INVALID_NAME, INVALID_EMAIL, PASSWORD_TOO_COMMON, ...), a callback URL that could leave the origin (INVALID_CALLBACK_URL, INVALID_REDIRECT_URL, ...), or one better-auth refuses */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description No session */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Authenticated but not permitted, or a cross-origin preflight from an origin not allowed */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description The body is not JSON: `{error, code: "unsupported_media_type"}` */
            415: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Too many requests: see Retry-After */
            429: {
                headers: {
                    /** @description Seconds until this client may try again */
                    "Retry-After"?: number;
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description The database is unavailable */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
        };
    };
    postAuthTwoFactorEnable: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description User password */
                    password: string;
                    /** @enum {string} */
                    method?: "otp" | "totp";
                    /** @description Custom issuer for the TOTP URI */
                    issuer?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description The 2FA method that was enabled.
                         * @enum {string}
                         */
                        method: "otp" | "totp";
                        /** @description TOTP URI for authenticator app setup. Only present when method is 'totp'. */
                        totpURI?: string;
                        /** @description Recovery backup codes. Only present when method is 'totp'. */
                        backupCodes?: string[];
                    };
                };
            };
            /** @description Invalid request (better-auth's `{code, message}`): a field the service's rules refuse (INVALID_NAME, INVALID_EMAIL, PASSWORD_TOO_COMMON, ...), a callback URL that could leave the origin (INVALID_CALLBACK_URL, INVALID_REDIRECT_URL, ...), or one better-auth refuses */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description No session */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Authenticated but not permitted, or a cross-origin preflight from an origin not allowed */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description The body is not JSON: `{error, code: "unsupported_media_type"}` */
            415: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Too many requests: see Retry-After */
            429: {
                headers: {
                    /** @description Seconds until this client may try again */
                    "Retry-After"?: number;
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description The database is unavailable */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
        };
    };
    postAuthTwoFactorDisable: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description User password */
                    password: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        status?: boolean;
                    };
                };
            };
            /** @description Invalid request (better-auth's `{code, message}`): a field the service's rules refuse (INVALID_NAME, INVALID_EMAIL, PASSWORD_TOO_COMMON, ...), a callback URL that could leave the origin (INVALID_CALLBACK_URL, INVALID_REDIRECT_URL, ...), or one better-auth refuses */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description No session */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Authenticated but not permitted, or a cross-origin preflight from an origin not allowed */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description The body is not JSON: `{error, code: "unsupported_media_type"}` */
            415: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Too many requests: see Retry-After */
            429: {
                headers: {
                    /** @description Seconds until this client may try again */
                    "Retry-After"?: number;
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description The database is unavailable */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
        };
    };
    getAuthPasskeyGenerateRegisterOptions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description WebAuthn options, as `PublicKeyCredential.parseCreationOptionsFromJSON` / `parseRequestOptionsFromJSON` read them; the auth.passkey_challenge cookie names the challenge (single use, 5 minutes) */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        challenge: string;
                    };
                };
            };
            /** @description Invalid request (better-auth's `{code, message}`): a field the service's rules refuse (INVALID_NAME, INVALID_EMAIL, PASSWORD_TOO_COMMON, ...), a callback URL that could leave the origin (INVALID_CALLBACK_URL, INVALID_REDIRECT_URL, ...), or one better-auth refuses */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description No session */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Authenticated but not permitted, or a cross-origin preflight from an origin not allowed */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description The body is not JSON: `{error, code: "unsupported_media_type"}` */
            415: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Too many requests: see Retry-After */
            429: {
                headers: {
                    /** @description Seconds until this client may try again */
                    "Retry-After"?: number;
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description The database is unavailable */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
        };
    };
    postAuthPasskeyVerifyRegistration: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    response: {
                        id: string;
                        rawId: string;
                        /** @enum {unknown} */
                        type: "public-key";
                        /** @enum {string} */
                        authenticatorAttachment?: "platform" | "cross-platform";
                        clientExtensionResults?: {
                            [key: string]: unknown;
                        };
                        response: {
                            clientDataJSON: string;
                            attestationObject: string;
                            authenticatorData?: string;
                            transports?: ("ble" | "cable" | "hybrid" | "internal" | "nfc" | "smart-card" | "usb")[];
                            publicKeyAlgorithm?: number;
                            publicKey?: string;
                        };
                    };
                    name?: string;
                };
            };
        };
        responses: {
            /** @description The passkey, registered */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        name: string | null;
                        /** @description The WebAuthn credential id (base64url) */
                        credentialID: string;
                        /** @enum {string} */
                        deviceType: "singleDevice" | "multiDevice";
                        backedUp: boolean;
                        transports: string[];
                        aaguid: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        lastUsedAt: string | null;
                    };
                };
            };
            /** @description Invalid request (better-auth's `{code, message}`): a field the service's rules refuse (INVALID_NAME, INVALID_EMAIL, PASSWORD_TOO_COMMON, ...), a callback URL that could leave the origin (INVALID_CALLBACK_URL, INVALID_REDIRECT_URL, ...), or one better-auth refuses */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description No session */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Authenticated but not permitted, or a cross-origin preflight from an origin not allowed */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description The body is not JSON: `{error, code: "unsupported_media_type"}` */
            415: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Too many requests: see Retry-After */
            429: {
                headers: {
                    /** @description Seconds until this client may try again */
                    "Retry-After"?: number;
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description The database is unavailable */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
        };
    };
    getAuthPasskeyGenerateAuthenticateOptions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description WebAuthn options, as `PublicKeyCredential.parseCreationOptionsFromJSON` / `parseRequestOptionsFromJSON` read them; the auth.passkey_challenge cookie names the challenge (single use, 5 minutes) */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        challenge: string;
                    };
                };
            };
            /** @description Invalid request (better-auth's `{code, message}`): a field the service's rules refuse (INVALID_NAME, INVALID_EMAIL, PASSWORD_TOO_COMMON, ...), a callback URL that could leave the origin (INVALID_CALLBACK_URL, INVALID_REDIRECT_URL, ...), or one better-auth refuses */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description No session */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Authenticated but not permitted, or a cross-origin preflight from an origin not allowed */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description The body is not JSON: `{error, code: "unsupported_media_type"}` */
            415: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Too many requests: see Retry-After */
            429: {
                headers: {
                    /** @description Seconds until this client may try again */
                    "Retry-After"?: number;
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description The database is unavailable */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
        };
    };
    postAuthPasskeyVerifyAuthentication: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    response: {
                        id: string;
                        rawId: string;
                        /** @enum {unknown} */
                        type: "public-key";
                        /** @enum {string} */
                        authenticatorAttachment?: "platform" | "cross-platform";
                        clientExtensionResults?: {
                            [key: string]: unknown;
                        };
                        response: {
                            clientDataJSON: string;
                            authenticatorData: string;
                            signature: string;
                            userHandle?: string;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Signed in: the session cookie is set */
            200: {
                headers: {
                    /** @description The session cookie `auth.session_token` (HttpOnly, SameSite=Lax; `__Secure-` and Secure in production) */
                    "Set-Cookie"?: string;
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        token: string;
                        user: components["schemas"]["AuthUser"];
                    };
                };
            };
            /** @description Invalid request (better-auth's `{code, message}`): a field the service's rules refuse (INVALID_NAME, INVALID_EMAIL, PASSWORD_TOO_COMMON, ...), a callback URL that could leave the origin (INVALID_CALLBACK_URL, INVALID_REDIRECT_URL, ...), or one better-auth refuses */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description No session */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Authenticated but not permitted, or a cross-origin preflight from an origin not allowed */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description The body is not JSON: `{error, code: "unsupported_media_type"}` */
            415: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Too many requests: see Retry-After */
            429: {
                headers: {
                    /** @description Seconds until this client may try again */
                    "Retry-After"?: number;
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description The database is unavailable */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
        };
    };
    getAuthPasskeyListUserPasskeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Your passkeys, oldest first */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        name: string | null;
                        /** @description The WebAuthn credential id (base64url) */
                        credentialID: string;
                        /** @enum {string} */
                        deviceType: "singleDevice" | "multiDevice";
                        backedUp: boolean;
                        transports: string[];
                        aaguid: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        lastUsedAt: string | null;
                    }[];
                };
            };
            /** @description Invalid request (better-auth's `{code, message}`): a field the service's rules refuse (INVALID_NAME, INVALID_EMAIL, PASSWORD_TOO_COMMON, ...), a callback URL that could leave the origin (INVALID_CALLBACK_URL, INVALID_REDIRECT_URL, ...), or one better-auth refuses */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description No session */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Authenticated but not permitted, or a cross-origin preflight from an origin not allowed */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description The body is not JSON: `{error, code: "unsupported_media_type"}` */
            415: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Too many requests: see Retry-After */
            429: {
                headers: {
                    /** @description Seconds until this client may try again */
                    "Retry-After"?: number;
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description The database is unavailable */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
        };
    };
    postAuthPasskeyDeletePasskey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    id: string;
                };
            };
        };
        responses: {
            /** @description Deleted */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: true;
                    };
                };
            };
            /** @description Invalid request (better-auth's `{code, message}`): a field the service's rules refuse (INVALID_NAME, INVALID_EMAIL, PASSWORD_TOO_COMMON, ...), a callback URL that could leave the origin (INVALID_CALLBACK_URL, INVALID_REDIRECT_URL, ...), or one better-auth refuses */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description No session */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Authenticated but not permitted, or a cross-origin preflight from an origin not allowed */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description The body is not JSON: `{error, code: "unsupported_media_type"}` */
            415: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Too many requests: see Retry-After */
            429: {
                headers: {
                    /** @description Seconds until this client may try again */
                    "Retry-After"?: number;
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
            /** @description The database is unavailable */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthError"] | components["schemas"]["V1Error"];
                };
            };
        };
    };
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Running */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        status: string;
                    };
                };
            };
        };
    };
    getReady: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Ready */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        status: string;
                        /** @description Each read replica (host:port/database), whether reads go there, if not why, and its lag */
                        replicas?: {
                            replica: string;
                            inUse: boolean;
                            problem?: string;
                            /** @description How far its replay was behind the primary at its last check; absent when that check could not tell */
                            lagMs?: number;
                        }[];
                    };
                };
            };
            /** @description Invalid request: validation failure, malformed JSON or URL, or an impersonated user that does not exist */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description The database is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
        };
    };
    getUsers: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                /** @description ADMIN only: act as this user id for this request (audited); empty is the same as absent */
                impersonatingUser?: string;
                /** @description Development only: DEV_MODE_ADMIN_KEY elevates the session to ADMIN for this request */
                adminKey?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Users, oldest first */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        users: components["schemas"]["User"][];
                    };
                };
            };
            /** @description Invalid request: validation failure, malformed JSON or URL, or an impersonated user that does not exist */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description No session */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description Authenticated but not permitted, or a cross-origin preflight from an origin not allowed */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description Too many requests: see Retry-After */
            429: {
                headers: {
                    /** @description Seconds until this client may try again */
                    "Retry-After"?: number;
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description The database is unavailable */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
        };
    };
    postUsers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description One line, without control or text-direction characters, holding a visible character; stored trimmed
                     * @example Ada Lovelace
                     */
                    name: string;
                    /**
                     * Format: email
                     * @example ada@example.com
                     */
                    email: string;
                    /** @example a long passphrase of yours */
                    password: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user: components["schemas"]["User"];
                    };
                };
            };
            /** @description Invalid request: validation failure, malformed JSON or URL, or an impersonated user that does not exist */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description Not permitted, or a write a browser marks as coming from another site (cross_site_request) */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description Conflict with existing data */
            409: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description Too many requests: see Retry-After */
            429: {
                headers: {
                    /** @description Seconds until this client may try again */
                    "Retry-After"?: number;
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description The database is unavailable */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
        };
    };
    getAdminUsers: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                /** @description ADMIN only: act as this user id for this request (audited); empty is the same as absent */
                impersonatingUser?: string;
                /** @description Development only: DEV_MODE_ADMIN_KEY elevates the session to ADMIN for this request */
                adminKey?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Users, oldest first */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        users: components["schemas"]["User"][];
                    };
                };
            };
            /** @description Invalid request: validation failure, malformed JSON or URL, or an impersonated user that does not exist */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description No session */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description Authenticated but not permitted, or a cross-origin preflight from an origin not allowed */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description Too many requests: see Retry-After */
            429: {
                headers: {
                    /** @description Seconds until this client may try again */
                    "Retry-After"?: number;
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description The database is unavailable */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
        };
    };
    getUsersById: {
        parameters: {
            query?: {
                /** @description ADMIN only: act as this user id for this request (audited); empty is the same as absent */
                impersonatingUser?: string;
                /** @description Development only: DEV_MODE_ADMIN_KEY elevates the session to ADMIN for this request */
                adminKey?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user: components["schemas"]["User"];
                    };
                };
            };
            /** @description Invalid request: validation failure, malformed JSON or URL, or an impersonated user that does not exist */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description No session */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description Too many requests: see Retry-After */
            429: {
                headers: {
                    /** @description Seconds until this client may try again */
                    "Retry-After"?: number;
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description The database is unavailable */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
        };
    };
    putUsersById: {
        parameters: {
            query?: {
                /** @description ADMIN only: act as this user id for this request (audited); empty is the same as absent */
                impersonatingUser?: string;
                /** @description Development only: DEV_MODE_ADMIN_KEY elevates the session to ADMIN for this request */
                adminKey?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description One line, without control or text-direction characters, holding a visible character; stored trimmed
                     * @example Ada Lovelace
                     */
                    name?: string;
                    /**
                     * Format: email
                     * @example ada@example.com
                     */
                    email?: string;
                };
            };
        };
        responses: {
            /** @description The updated user */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user: components["schemas"]["User"];
                    };
                };
            };
            /** @description Invalid request: validation failure, malformed JSON or URL, or an impersonated user that does not exist */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description No session */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description Authenticated but not permitted, or a cross-origin preflight from an origin not allowed */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description Conflict with existing data */
            409: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description Too many requests: see Retry-After */
            429: {
                headers: {
                    /** @description Seconds until this client may try again */
                    "Retry-After"?: number;
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description The database is unavailable */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
        };
    };
    deleteUsersById: {
        parameters: {
            query?: {
                /** @description ADMIN only: act as this user id for this request (audited); empty is the same as absent */
                impersonatingUser?: string;
                /** @description Development only: DEV_MODE_ADMIN_KEY elevates the session to ADMIN for this request */
                adminKey?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid request: validation failure, malformed JSON or URL, or an impersonated user that does not exist */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description No session */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description Authenticated but not permitted, or a cross-origin preflight from an origin not allowed */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description Conflict with existing data */
            409: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description Too many requests: see Retry-After */
            429: {
                headers: {
                    /** @description Seconds until this client may try again */
                    "Retry-After"?: number;
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description The database is unavailable */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
        };
    };
    putUsersByIdRoles: {
        parameters: {
            query?: {
                /** @description ADMIN only: act as this user id for this request (audited); empty is the same as absent */
                impersonatingUser?: string;
                /** @description Development only: DEV_MODE_ADMIN_KEY elevates the session to ADMIN for this request */
                adminKey?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    roles: ("ADMIN" | "MODERATOR" | "USER" | "GUEST")[];
                };
            };
        };
        responses: {
            /** @description The user with the new roles */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user: components["schemas"]["User"];
                    };
                };
            };
            /** @description Invalid request: validation failure, malformed JSON or URL, or an impersonated user that does not exist */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description No session */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description Authenticated but not permitted, or a cross-origin preflight from an origin not allowed */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description Conflict with existing data */
            409: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description Too many requests: see Retry-After */
            429: {
                headers: {
                    /** @description Seconds until this client may try again */
                    "Retry-After"?: number;
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description The database is unavailable */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
        };
    };
    getProfile: {
        parameters: {
            query?: {
                /** @description ADMIN only: act as this user id for this request (audited); empty is the same as absent */
                impersonatingUser?: string;
                /** @description Development only: DEV_MODE_ADMIN_KEY elevates the session to ADMIN for this request */
                adminKey?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The requestor */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user: components["schemas"]["User"];
                    };
                };
            };
            /** @description Invalid request: validation failure, malformed JSON or URL, or an impersonated user that does not exist */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description No session */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description Too many requests: see Retry-After */
            429: {
                headers: {
                    /** @description Seconds until this client may try again */
                    "Retry-After"?: number;
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description The database is unavailable */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
        };
    };
    getPosts: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                /** @description ADMIN only: act as this user id for this request (audited); empty is the same as absent */
                impersonatingUser?: string;
                /** @description Development only: DEV_MODE_ADMIN_KEY elevates the session to ADMIN for this request */
                adminKey?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A window of posts */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        posts: components["schemas"]["Post"][];
                        limit: number;
                        offset: number;
                    };
                };
            };
            /** @description Invalid request: validation failure, malformed JSON or URL, or an impersonated user that does not exist */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description Too many requests: see Retry-After */
            429: {
                headers: {
                    /** @description Seconds until this client may try again */
                    "Retry-After"?: number;
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description The database is unavailable */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
        };
    };
    postPosts: {
        parameters: {
            query?: {
                /** @description ADMIN only: act as this user id for this request (audited); empty is the same as absent */
                impersonatingUser?: string;
                /** @description Development only: DEV_MODE_ADMIN_KEY elevates the session to ADMIN for this request */
                adminKey?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Stored trimmed; must hold a visible character (not only spaces or zero-width ones)
                     * @example Notes on the Analytical Engine
                     */
                    title: string;
                    /**
                     * @description Stored trimmed; must hold a visible character (not only spaces or zero-width ones)
                     * @example It might act upon other things besides number.
                     */
                    content: string;
                    /**
                     * @default []
                     * @example [
                     *       "engines",
                     *       "notes"
                     *     ]
                     */
                    tags?: string[];
                    /**
                     * @default public
                     * @enum {string}
                     */
                    visibility?: "public" | "private";
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        post: components["schemas"]["Post"];
                    };
                };
            };
            /** @description Invalid request: validation failure, malformed JSON or URL, or an impersonated user that does not exist */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description No session */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description Authenticated but not permitted, or a cross-origin preflight from an origin not allowed */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description Conflict with existing data */
            409: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description Too many requests: see Retry-After */
            429: {
                headers: {
                    /** @description Seconds until this client may try again */
                    "Retry-After"?: number;
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description The database is unavailable */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
        };
    };
    getPostsById: {
        parameters: {
            query?: {
                /** @description ADMIN only: act as this user id for this request (audited); empty is the same as absent */
                impersonatingUser?: string;
                /** @description Development only: DEV_MODE_ADMIN_KEY elevates the session to ADMIN for this request */
                adminKey?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The post */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        post: components["schemas"]["Post"];
                    };
                };
            };
            /** @description Invalid request: validation failure, malformed JSON or URL, or an impersonated user that does not exist */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description Too many requests: see Retry-After */
            429: {
                headers: {
                    /** @description Seconds until this client may try again */
                    "Retry-After"?: number;
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description The database is unavailable */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
        };
    };
    putPostsById: {
        parameters: {
            query?: {
                /** @description ADMIN only: act as this user id for this request (audited); empty is the same as absent */
                impersonatingUser?: string;
                /** @description Development only: DEV_MODE_ADMIN_KEY elevates the session to ADMIN for this request */
                adminKey?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Stored trimmed; must hold a visible character (not only spaces or zero-width ones)
                     * @example Notes on the Analytical Engine
                     */
                    title: string;
                    /**
                     * @description Stored trimmed; must hold a visible character (not only spaces or zero-width ones)
                     * @example It might act upon other things besides number.
                     */
                    content: string;
                    /**
                     * @default []
                     * @example [
                     *       "engines",
                     *       "notes"
                     *     ]
                     */
                    tags?: string[];
                    /**
                     * @default public
                     * @enum {string}
                     */
                    visibility?: "public" | "private";
                };
            };
        };
        responses: {
            /** @description The updated post */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        post: components["schemas"]["Post"];
                    };
                };
            };
            /** @description Invalid request: validation failure, malformed JSON or URL, or an impersonated user that does not exist */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description No session */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description Authenticated but not permitted, or a cross-origin preflight from an origin not allowed */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description Too many requests: see Retry-After */
            429: {
                headers: {
                    /** @description Seconds until this client may try again */
                    "Retry-After"?: number;
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description The database is unavailable */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
        };
    };
    deletePostsById: {
        parameters: {
            query?: {
                /** @description ADMIN only: act as this user id for this request (audited); empty is the same as absent */
                impersonatingUser?: string;
                /** @description Development only: DEV_MODE_ADMIN_KEY elevates the session to ADMIN for this request */
                adminKey?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                    };
                };
            };
            /** @description Invalid request: validation failure, malformed JSON or URL, or an impersonated user that does not exist */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description No session */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description Authenticated but not permitted, or a cross-origin preflight from an origin not allowed */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description Too many requests: see Retry-After */
            429: {
                headers: {
                    /** @description Seconds until this client may try again */
                    "Retry-After"?: number;
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description The database is unavailable */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
        };
    };
    postModerate: {
        parameters: {
            query?: {
                /** @description ADMIN only: act as this user id for this request (audited); empty is the same as absent */
                impersonatingUser?: string;
                /** @description Development only: DEV_MODE_ADMIN_KEY elevates the session to ADMIN for this request */
                adminKey?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    postId: string;
                    /** @enum {string} */
                    action: "hide" | "restore";
                    reason?: string;
                };
            };
        };
        responses: {
            /** @description Done */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                    };
                };
            };
            /** @description Invalid request: validation failure, malformed JSON or URL, or an impersonated user that does not exist */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description No session */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description Authenticated but not permitted, or a cross-origin preflight from an origin not allowed */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description Too many requests: see Retry-After */
            429: {
                headers: {
                    /** @description Seconds until this client may try again */
                    "Retry-After"?: number;
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description The database is unavailable */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
        };
    };
    getAdminAudit: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                /** @description ADMIN only: act as this user id for this request (audited); empty is the same as absent */
                impersonatingUser?: string;
                /** @description Development only: DEV_MODE_ADMIN_KEY elevates the session to ADMIN for this request */
                adminKey?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Entries */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        entries: components["schemas"]["AuditEntry"][];
                        limit: number;
                        offset: number;
                    };
                };
            };
            /** @description Invalid request: validation failure, malformed JSON or URL, or an impersonated user that does not exist */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description No session */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description Authenticated but not permitted, or a cross-origin preflight from an origin not allowed */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description Too many requests: see Retry-After */
            429: {
                headers: {
                    /** @description Seconds until this client may try again */
                    "Retry-After"?: number;
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description The database is unavailable */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
        };
    };
    getV2Posts: {
        parameters: {
            query?: {
                search?: string;
                tag?: string;
                author?: string;
                /** @description hidden: posts moderation hid (a MODERATOR or ADMIN sees them all, anyone else their own) */
                status?: "visible" | "hidden";
                ordering?: string;
                /** @description From 1, or `last`; past the last page: 404 {detail: "Invalid page."} */
                page?: number | "last";
                /** @description Default 20, capped at 100; a value that is not a whole number from 1 gives the default (no 400) */
                page_size?: number;
                /** @description ADMIN only: act as this user id for this request (audited); empty is the same as absent */
                impersonatingUser?: string;
                /** @description Development only: DEV_MODE_ADMIN_KEY elevates the session to ADMIN for this request */
                adminKey?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of posts */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PostPage"];
                };
            };
            /** @description Invalid request: validation failure, malformed JSON or URL, or an impersonated user that does not exist */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2FieldErrors"] | components["schemas"]["V2Detail"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Too many requests: see Retry-After */
            429: {
                headers: {
                    /** @description Seconds until this client may try again */
                    "Retry-After"?: number;
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description The database is unavailable */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
        };
    };
    postV2Posts: {
        parameters: {
            query?: {
                /** @description ADMIN only: act as this user id for this request (audited); empty is the same as absent */
                impersonatingUser?: string;
                /** @description Development only: DEV_MODE_ADMIN_KEY elevates the session to ADMIN for this request */
                adminKey?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Stored trimmed; must hold a visible character (not only spaces or zero-width ones)
                     * @example Notes on the Analytical Engine
                     */
                    title: string;
                    /**
                     * @description Stored trimmed; must hold a visible character (not only spaces or zero-width ones)
                     * @example It might act upon other things besides number.
                     */
                    content: string;
                    /**
                     * @default []
                     * @example [
                     *       "engines",
                     *       "notes"
                     *     ]
                     */
                    tags?: string[];
                    /**
                     * @default public
                     * @enum {string}
                     */
                    visibility?: "public" | "private";
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Post"];
                };
            };
            /** @description Invalid request: validation failure, malformed JSON or URL, or an impersonated user that does not exist */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2FieldErrors"] | components["schemas"]["V2Detail"];
                };
            };
            /** @description No session */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Authenticated but not permitted, or a cross-origin preflight from an origin not allowed */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Conflict with existing data */
            409: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description The body is not JSON (v2: Unsupported media type) */
            415: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Too many requests: see Retry-After */
            429: {
                headers: {
                    /** @description Seconds until this client may try again */
                    "Retry-After"?: number;
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description The database is unavailable */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
        };
    };
    getV2PostsById: {
        parameters: {
            query?: {
                /** @description ADMIN only: act as this user id for this request (audited); empty is the same as absent */
                impersonatingUser?: string;
                /** @description Development only: DEV_MODE_ADMIN_KEY elevates the session to ADMIN for this request */
                adminKey?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The post */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Post"];
                };
            };
            /** @description Invalid request: validation failure, malformed JSON or URL, or an impersonated user that does not exist */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2FieldErrors"] | components["schemas"]["V2Detail"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Too many requests: see Retry-After */
            429: {
                headers: {
                    /** @description Seconds until this client may try again */
                    "Retry-After"?: number;
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description The database is unavailable */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
        };
    };
    putV2PostsById: {
        parameters: {
            query?: {
                /** @description ADMIN only: act as this user id for this request (audited); empty is the same as absent */
                impersonatingUser?: string;
                /** @description Development only: DEV_MODE_ADMIN_KEY elevates the session to ADMIN for this request */
                adminKey?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Stored trimmed; must hold a visible character (not only spaces or zero-width ones)
                     * @example Notes on the Analytical Engine
                     */
                    title: string;
                    /**
                     * @description Stored trimmed; must hold a visible character (not only spaces or zero-width ones)
                     * @example It might act upon other things besides number.
                     */
                    content: string;
                    /**
                     * @default []
                     * @example [
                     *       "engines",
                     *       "notes"
                     *     ]
                     */
                    tags?: string[];
                    /**
                     * @default public
                     * @enum {string}
                     */
                    visibility?: "public" | "private";
                };
            };
        };
        responses: {
            /** @description The updated post */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Post"];
                };
            };
            /** @description Invalid request: validation failure, malformed JSON or URL, or an impersonated user that does not exist */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2FieldErrors"] | components["schemas"]["V2Detail"];
                };
            };
            /** @description No session */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Authenticated but not permitted, or a cross-origin preflight from an origin not allowed */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description The body is not JSON (v2: Unsupported media type) */
            415: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Too many requests: see Retry-After */
            429: {
                headers: {
                    /** @description Seconds until this client may try again */
                    "Retry-After"?: number;
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description The database is unavailable */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
        };
    };
    deleteV2PostsById: {
        parameters: {
            query?: {
                /** @description ADMIN only: act as this user id for this request (audited); empty is the same as absent */
                impersonatingUser?: string;
                /** @description Development only: DEV_MODE_ADMIN_KEY elevates the session to ADMIN for this request */
                adminKey?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid request: validation failure, malformed JSON or URL, or an impersonated user that does not exist */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2FieldErrors"] | components["schemas"]["V2Detail"];
                };
            };
            /** @description No session */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Authenticated but not permitted, or a cross-origin preflight from an origin not allowed */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Too many requests: see Retry-After */
            429: {
                headers: {
                    /** @description Seconds until this client may try again */
                    "Retry-After"?: number;
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description The database is unavailable */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
        };
    };
    patchV2PostsById: {
        parameters: {
            query?: {
                /** @description ADMIN only: act as this user id for this request (audited); empty is the same as absent */
                impersonatingUser?: string;
                /** @description Development only: DEV_MODE_ADMIN_KEY elevates the session to ADMIN for this request */
                adminKey?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Stored trimmed; must hold a visible character (not only spaces or zero-width ones)
                     * @example Notes on the Analytical Engine
                     */
                    title?: string;
                    /**
                     * @description Stored trimmed; must hold a visible character (not only spaces or zero-width ones)
                     * @example It might act upon other things besides number.
                     */
                    content?: string;
                    /**
                     * @example [
                     *       "engines",
                     *       "notes"
                     *     ]
                     */
                    tags?: string[];
                    /** @enum {string} */
                    visibility?: "public" | "private";
                };
            };
        };
        responses: {
            /** @description The updated post */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Post"];
                };
            };
            /** @description Invalid request: validation failure, malformed JSON or URL, or an impersonated user that does not exist */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2FieldErrors"] | components["schemas"]["V2Detail"];
                };
            };
            /** @description No session */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Authenticated but not permitted, or a cross-origin preflight from an origin not allowed */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description The body is not JSON (v2: Unsupported media type) */
            415: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Too many requests: see Retry-After */
            429: {
                headers: {
                    /** @description Seconds until this client may try again */
                    "Retry-After"?: number;
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description The database is unavailable */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
        };
    };
    getV2PostsByPostIdComments: {
        parameters: {
            query?: {
                /** @description Opaque: follow `next` and `previous` as given; an altered cursor is 400 */
                cursor?: string;
                /** @description ADMIN only: act as this user id for this request (audited); empty is the same as absent */
                impersonatingUser?: string;
                /** @description Development only: DEV_MODE_ADMIN_KEY elevates the session to ADMIN for this request */
                adminKey?: string;
            };
            header?: never;
            path: {
                postId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of comments */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CommentPage"];
                };
            };
            /** @description Invalid request: validation failure, malformed JSON or URL, or an impersonated user that does not exist */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2FieldErrors"] | components["schemas"]["V2Detail"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Too many requests: see Retry-After */
            429: {
                headers: {
                    /** @description Seconds until this client may try again */
                    "Retry-After"?: number;
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description The database is unavailable */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
        };
    };
    postV2PostsByPostIdComments: {
        parameters: {
            query?: {
                /** @description ADMIN only: act as this user id for this request (audited); empty is the same as absent */
                impersonatingUser?: string;
                /** @description Development only: DEV_MODE_ADMIN_KEY elevates the session to ADMIN for this request */
                adminKey?: string;
            };
            header?: never;
            path: {
                postId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Stored trimmed; must hold a visible character (not only spaces or zero-width ones)
                     * @example A fine post, thank you.
                     */
                    content: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Comment"];
                };
            };
            /** @description Invalid request: validation failure, malformed JSON or URL, or an impersonated user that does not exist */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2FieldErrors"] | components["schemas"]["V2Detail"];
                };
            };
            /** @description No session */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Authenticated but not permitted, or a cross-origin preflight from an origin not allowed */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description The body is not JSON (v2: Unsupported media type) */
            415: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Too many requests: see Retry-After */
            429: {
                headers: {
                    /** @description Seconds until this client may try again */
                    "Retry-After"?: number;
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description The database is unavailable */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
        };
    };
    getV2PostsByPostIdCommentsById: {
        parameters: {
            query?: {
                /** @description ADMIN only: act as this user id for this request (audited); empty is the same as absent */
                impersonatingUser?: string;
                /** @description Development only: DEV_MODE_ADMIN_KEY elevates the session to ADMIN for this request */
                adminKey?: string;
            };
            header?: never;
            path: {
                postId: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The comment */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Comment"];
                };
            };
            /** @description Invalid request: validation failure, malformed JSON or URL, or an impersonated user that does not exist */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2FieldErrors"] | components["schemas"]["V2Detail"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Too many requests: see Retry-After */
            429: {
                headers: {
                    /** @description Seconds until this client may try again */
                    "Retry-After"?: number;
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description The database is unavailable */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
        };
    };
    putV2PostsByPostIdCommentsById: {
        parameters: {
            query?: {
                /** @description ADMIN only: act as this user id for this request (audited); empty is the same as absent */
                impersonatingUser?: string;
                /** @description Development only: DEV_MODE_ADMIN_KEY elevates the session to ADMIN for this request */
                adminKey?: string;
            };
            header?: never;
            path: {
                postId: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Stored trimmed; must hold a visible character (not only spaces or zero-width ones)
                     * @example A fine post, thank you.
                     */
                    content: string;
                };
            };
        };
        responses: {
            /** @description The updated comment */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Comment"];
                };
            };
            /** @description Invalid request: validation failure, malformed JSON or URL, or an impersonated user that does not exist */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2FieldErrors"] | components["schemas"]["V2Detail"];
                };
            };
            /** @description No session */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Authenticated but not permitted, or a cross-origin preflight from an origin not allowed */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description The body is not JSON (v2: Unsupported media type) */
            415: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Too many requests: see Retry-After */
            429: {
                headers: {
                    /** @description Seconds until this client may try again */
                    "Retry-After"?: number;
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description The database is unavailable */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
        };
    };
    deleteV2PostsByPostIdCommentsById: {
        parameters: {
            query?: {
                /** @description ADMIN only: act as this user id for this request (audited); empty is the same as absent */
                impersonatingUser?: string;
                /** @description Development only: DEV_MODE_ADMIN_KEY elevates the session to ADMIN for this request */
                adminKey?: string;
            };
            header?: never;
            path: {
                postId: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid request: validation failure, malformed JSON or URL, or an impersonated user that does not exist */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2FieldErrors"] | components["schemas"]["V2Detail"];
                };
            };
            /** @description No session */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Authenticated but not permitted, or a cross-origin preflight from an origin not allowed */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Too many requests: see Retry-After */
            429: {
                headers: {
                    /** @description Seconds until this client may try again */
                    "Retry-After"?: number;
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description The database is unavailable */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
        };
    };
    patchV2PostsByPostIdCommentsById: {
        parameters: {
            query?: {
                /** @description ADMIN only: act as this user id for this request (audited); empty is the same as absent */
                impersonatingUser?: string;
                /** @description Development only: DEV_MODE_ADMIN_KEY elevates the session to ADMIN for this request */
                adminKey?: string;
            };
            header?: never;
            path: {
                postId: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Stored trimmed; must hold a visible character (not only spaces or zero-width ones)
                     * @example A fine post, thank you.
                     */
                    content?: string;
                };
            };
        };
        responses: {
            /** @description The updated comment */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Comment"];
                };
            };
            /** @description Invalid request: validation failure, malformed JSON or URL, or an impersonated user that does not exist */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2FieldErrors"] | components["schemas"]["V2Detail"];
                };
            };
            /** @description No session */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Authenticated but not permitted, or a cross-origin preflight from an origin not allowed */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description The body is not JSON (v2: Unsupported media type) */
            415: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Too many requests: see Retry-After */
            429: {
                headers: {
                    /** @description Seconds until this client may try again */
                    "Retry-After"?: number;
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description The database is unavailable */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
        };
    };
    getV2Users: {
        parameters: {
            query?: {
                search?: string;
                /** @description Only users holding this role */
                role?: "ADMIN" | "MODERATOR" | "USER" | "GUEST";
                ordering?: string;
                /** @description Default 10, capped at 100; a value that is not a whole number from 1 gives the default (no 400) */
                limit?: number;
                /** @description Default 0; a value that is not a whole number from 0 gives 0 (no 400) */
                offset?: number;
                /** @description ADMIN only: act as this user id for this request (audited); empty is the same as absent */
                impersonatingUser?: string;
                /** @description Development only: DEV_MODE_ADMIN_KEY elevates the session to ADMIN for this request */
                adminKey?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A window of users */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserPage"];
                };
            };
            /** @description Invalid request: validation failure, malformed JSON or URL, or an impersonated user that does not exist */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2FieldErrors"] | components["schemas"]["V2Detail"];
                };
            };
            /** @description No session */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Authenticated but not permitted, or a cross-origin preflight from an origin not allowed */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Too many requests: see Retry-After */
            429: {
                headers: {
                    /** @description Seconds until this client may try again */
                    "Retry-After"?: number;
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description The database is unavailable */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
        };
    };
    postV2Users: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description One line, without control or text-direction characters, holding a visible character; stored trimmed
                     * @example Ada Lovelace
                     */
                    name: string;
                    /**
                     * Format: email
                     * @example ada@example.com
                     */
                    email: string;
                    /** @example a long passphrase of yours */
                    password: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description Invalid request: validation failure, malformed JSON or URL, or an impersonated user that does not exist */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2FieldErrors"] | components["schemas"]["V2Detail"];
                };
            };
            /** @description Not permitted, or a write a browser marks as coming from another site (cross_site_request) */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Conflict with existing data */
            409: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description The body is not JSON (v2: Unsupported media type) */
            415: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Too many requests: see Retry-After */
            429: {
                headers: {
                    /** @description Seconds until this client may try again */
                    "Retry-After"?: number;
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description The database is unavailable */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
        };
    };
    getV2UsersById: {
        parameters: {
            query?: {
                /** @description ADMIN only: act as this user id for this request (audited); empty is the same as absent */
                impersonatingUser?: string;
                /** @description Development only: DEV_MODE_ADMIN_KEY elevates the session to ADMIN for this request */
                adminKey?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The whole record, with `emailVerified`, for that user and ADMIN; the public view for anyone else */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OwnUser"] | components["schemas"]["PublicUser"];
                };
            };
            /** @description Invalid request: validation failure, malformed JSON or URL, or an impersonated user that does not exist */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2FieldErrors"] | components["schemas"]["V2Detail"];
                };
            };
            /** @description No session */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Too many requests: see Retry-After */
            429: {
                headers: {
                    /** @description Seconds until this client may try again */
                    "Retry-After"?: number;
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description The database is unavailable */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
        };
    };
    putV2UsersById: {
        parameters: {
            query?: {
                /** @description ADMIN only: act as this user id for this request (audited); empty is the same as absent */
                impersonatingUser?: string;
                /** @description Development only: DEV_MODE_ADMIN_KEY elevates the session to ADMIN for this request */
                adminKey?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description One line, without control or text-direction characters, holding a visible character; stored trimmed
                     * @example Ada Lovelace
                     */
                    name: string;
                    /**
                     * Format: email
                     * @example ada@example.com
                     */
                    email: string;
                };
            };
        };
        responses: {
            /** @description The updated user */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OwnUser"];
                };
            };
            /** @description Invalid request: validation failure, malformed JSON or URL, or an impersonated user that does not exist */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2FieldErrors"] | components["schemas"]["V2Detail"];
                };
            };
            /** @description No session */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Authenticated but not permitted, or a cross-origin preflight from an origin not allowed */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Conflict with existing data */
            409: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description The body is not JSON (v2: Unsupported media type) */
            415: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Too many requests: see Retry-After */
            429: {
                headers: {
                    /** @description Seconds until this client may try again */
                    "Retry-After"?: number;
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description The database is unavailable */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
        };
    };
    deleteV2UsersById: {
        parameters: {
            query?: {
                /** @description ADMIN only: act as this user id for this request (audited); empty is the same as absent */
                impersonatingUser?: string;
                /** @description Development only: DEV_MODE_ADMIN_KEY elevates the session to ADMIN for this request */
                adminKey?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid request: validation failure, malformed JSON or URL, or an impersonated user that does not exist */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2FieldErrors"] | components["schemas"]["V2Detail"];
                };
            };
            /** @description No session */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Authenticated but not permitted, or a cross-origin preflight from an origin not allowed */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Conflict with existing data */
            409: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Too many requests: see Retry-After */
            429: {
                headers: {
                    /** @description Seconds until this client may try again */
                    "Retry-After"?: number;
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description The database is unavailable */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
        };
    };
    patchV2UsersById: {
        parameters: {
            query?: {
                /** @description ADMIN only: act as this user id for this request (audited); empty is the same as absent */
                impersonatingUser?: string;
                /** @description Development only: DEV_MODE_ADMIN_KEY elevates the session to ADMIN for this request */
                adminKey?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description One line, without control or text-direction characters, holding a visible character; stored trimmed
                     * @example Ada Lovelace
                     */
                    name?: string;
                    /**
                     * Format: email
                     * @example ada@example.com
                     */
                    email?: string;
                };
            };
        };
        responses: {
            /** @description The updated user */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OwnUser"];
                };
            };
            /** @description Invalid request: validation failure, malformed JSON or URL, or an impersonated user that does not exist */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2FieldErrors"] | components["schemas"]["V2Detail"];
                };
            };
            /** @description No session */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Authenticated but not permitted, or a cross-origin preflight from an origin not allowed */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Conflict with existing data */
            409: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description The body is not JSON (v2: Unsupported media type) */
            415: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Too many requests: see Retry-After */
            429: {
                headers: {
                    /** @description Seconds until this client may try again */
                    "Retry-After"?: number;
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description The database is unavailable */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
        };
    };
    getV2Notifications: {
        parameters: {
            query?: {
                /** @description Opaque: follow `next` and `previous` as given; an altered cursor is 400 */
                cursor?: string;
                /** @description ADMIN only: act as this user id for this request (audited); empty is the same as absent */
                impersonatingUser?: string;
                /** @description Development only: DEV_MODE_ADMIN_KEY elevates the session to ADMIN for this request */
                adminKey?: string;
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
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotificationPage"];
                    "text/event-stream": string;
                };
            };
            /** @description Invalid request: validation failure, malformed JSON or URL, or an impersonated user that does not exist */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2FieldErrors"] | components["schemas"]["V2Detail"];
                };
            };
            /** @description No session */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Too many requests: see Retry-After */
            429: {
                headers: {
                    /** @description Seconds until this client may try again */
                    "Retry-After"?: number;
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description The database is unavailable */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
        };
    };
    postV2Notifications: {
        parameters: {
            query?: {
                /** @description ADMIN only: act as this user id for this request (audited); empty is the same as absent */
                impersonatingUser?: string;
                /** @description Development only: DEV_MODE_ADMIN_KEY elevates the session to ADMIN for this request */
                adminKey?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    userId: string;
                    /**
                     * @description Stored trimmed; must hold a visible character (not only spaces or zero-width ones)
                     * @example Your post was featured.
                     */
                    message: string;
                };
            };
        };
        responses: {
            /** @description Sent */
            201: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Notification"];
                };
            };
            /** @description Invalid request: validation failure, malformed JSON or URL, or an impersonated user that does not exist */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2FieldErrors"] | components["schemas"]["V2Detail"];
                };
            };
            /** @description No session */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Authenticated but not permitted, or a cross-origin preflight from an origin not allowed */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description The body is not JSON (v2: Unsupported media type) */
            415: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Too many requests: see Retry-After */
            429: {
                headers: {
                    /** @description Seconds until this client may try again */
                    "Retry-After"?: number;
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description The database is unavailable */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
        };
    };
    getV2NotificationsById: {
        parameters: {
            query?: {
                /** @description ADMIN only: act as this user id for this request (audited); empty is the same as absent */
                impersonatingUser?: string;
                /** @description Development only: DEV_MODE_ADMIN_KEY elevates the session to ADMIN for this request */
                adminKey?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The notification */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Notification"];
                };
            };
            /** @description Invalid request: validation failure, malformed JSON or URL, or an impersonated user that does not exist */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2FieldErrors"] | components["schemas"]["V2Detail"];
                };
            };
            /** @description No session */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Too many requests: see Retry-After */
            429: {
                headers: {
                    /** @description Seconds until this client may try again */
                    "Retry-After"?: number;
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description The database is unavailable */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
        };
    };
    deleteV2NotificationsById: {
        parameters: {
            query?: {
                /** @description ADMIN only: act as this user id for this request (audited); empty is the same as absent */
                impersonatingUser?: string;
                /** @description Development only: DEV_MODE_ADMIN_KEY elevates the session to ADMIN for this request */
                adminKey?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid request: validation failure, malformed JSON or URL, or an impersonated user that does not exist */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2FieldErrors"] | components["schemas"]["V2Detail"];
                };
            };
            /** @description No session */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Not permitted, or a write a browser marks as coming from another site (cross_site_request) */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Too many requests: see Retry-After */
            429: {
                headers: {
                    /** @description Seconds until this client may try again */
                    "Retry-After"?: number;
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description The database is unavailable */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
        };
    };
    getV2Tags: {
        parameters: {
            query?: {
                search?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Tags with their post counts */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TagCount"][];
                };
            };
            /** @description Invalid request: validation failure, malformed JSON or URL, or an impersonated user that does not exist */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2FieldErrors"] | components["schemas"]["V2Detail"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Too many requests: see Retry-After */
            429: {
                headers: {
                    /** @description Seconds until this client may try again */
                    "Retry-After"?: number;
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description The database is unavailable */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
        };
    };
    getV2AdminDashboard: {
        parameters: {
            query?: {
                /** @description ADMIN only: act as this user id for this request (audited); empty is the same as absent */
                impersonatingUser?: string;
                /** @description Development only: DEV_MODE_ADMIN_KEY elevates the session to ADMIN for this request */
                adminKey?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The counts */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Dashboard"];
                };
            };
            /** @description Invalid request: validation failure, malformed JSON or URL, or an impersonated user that does not exist */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2FieldErrors"] | components["schemas"]["V2Detail"];
                };
            };
            /** @description No session */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Authenticated but not permitted, or a cross-origin preflight from an origin not allowed */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Too many requests: see Retry-After */
            429: {
                headers: {
                    /** @description Seconds until this client may try again */
                    "Retry-After"?: number;
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description The database is unavailable */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
        };
    };
    getV2AdminAudit: {
        parameters: {
            query?: {
                /** @description The id of the user who acted */
                actor?: string;
                /** @description e.g. user.set_roles, post.moderate */
                action?: string;
                /** @description Entries at or after this instant */
                from?: string;
                /** @description Entries before this instant */
                to?: string;
                /** @description Default 20, capped at 100; a value that is not a whole number from 1 gives the default (no 400) */
                limit?: number;
                /** @description Default 0; a value that is not a whole number from 0 gives 0 (no 400) */
                offset?: number;
                /** @description ADMIN only: act as this user id for this request (audited); empty is the same as absent */
                impersonatingUser?: string;
                /** @description Development only: DEV_MODE_ADMIN_KEY elevates the session to ADMIN for this request */
                adminKey?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A window of entries */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuditTrailPage"];
                };
            };
            /** @description Invalid request: validation failure, malformed JSON or URL, or an impersonated user that does not exist */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2FieldErrors"] | components["schemas"]["V2Detail"];
                };
            };
            /** @description No session */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Authenticated but not permitted, or a cross-origin preflight from an origin not allowed */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Too many requests: see Retry-After */
            429: {
                headers: {
                    /** @description Seconds until this client may try again */
                    "Retry-After"?: number;
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description The database is unavailable */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
        };
    };
    getV2AdminUsersByIdSessions: {
        parameters: {
            query?: {
                /** @description ADMIN only: act as this user id for this request (audited); empty is the same as absent */
                impersonatingUser?: string;
                /** @description Development only: DEV_MODE_ADMIN_KEY elevates the session to ADMIN for this request */
                adminKey?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The sessions, newest first */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserSession"][];
                };
            };
            /** @description Invalid request: validation failure, malformed JSON or URL, or an impersonated user that does not exist */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2FieldErrors"] | components["schemas"]["V2Detail"];
                };
            };
            /** @description No session */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Authenticated but not permitted, or a cross-origin preflight from an origin not allowed */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Too many requests: see Retry-After */
            429: {
                headers: {
                    /** @description Seconds until this client may try again */
                    "Retry-After"?: number;
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description The database is unavailable */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
        };
    };
    deleteV2AdminUsersByIdSessionsBySessionId: {
        parameters: {
            query?: {
                /** @description ADMIN only: act as this user id for this request (audited); empty is the same as absent */
                impersonatingUser?: string;
                /** @description Development only: DEV_MODE_ADMIN_KEY elevates the session to ADMIN for this request */
                adminKey?: string;
            };
            header?: never;
            path: {
                id: string;
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoked */
            204: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid request: validation failure, malformed JSON or URL, or an impersonated user that does not exist */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2FieldErrors"] | components["schemas"]["V2Detail"];
                };
            };
            /** @description No session */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Authenticated but not permitted, or a cross-origin preflight from an origin not allowed */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Too many requests: see Retry-After */
            429: {
                headers: {
                    /** @description Seconds until this client may try again */
                    "Retry-After"?: number;
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description The database is unavailable */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
        };
    };
    getV2AdminMail: {
        parameters: {
            query?: {
                /** @description Only waiting or only failed messages; both when absent */
                status?: "pending" | "failed";
                /** @description Default 20, capped at 100; a value that is not a whole number from 1 gives the default (no 400) */
                limit?: number;
                /** @description Default 0; a value that is not a whole number from 0 gives 0 (no 400) */
                offset?: number;
                /** @description ADMIN only: act as this user id for this request (audited); empty is the same as absent */
                impersonatingUser?: string;
                /** @description Development only: DEV_MODE_ADMIN_KEY elevates the session to ADMIN for this request */
                adminKey?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A window of messages */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["QueuedMailPage"];
                };
            };
            /** @description Invalid request: validation failure, malformed JSON or URL, or an impersonated user that does not exist */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2FieldErrors"] | components["schemas"]["V2Detail"];
                };
            };
            /** @description No session */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Authenticated but not permitted, or a cross-origin preflight from an origin not allowed */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Too many requests: see Retry-After */
            429: {
                headers: {
                    /** @description Seconds until this client may try again */
                    "Retry-After"?: number;
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description The database is unavailable */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
        };
    };
    postV2AdminMailByIdRetry: {
        parameters: {
            query?: {
                /** @description ADMIN only: act as this user id for this request (audited); empty is the same as absent */
                impersonatingUser?: string;
                /** @description Development only: DEV_MODE_ADMIN_KEY elevates the session to ADMIN for this request */
                adminKey?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Queued again */
            204: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid request: validation failure, malformed JSON or URL, or an impersonated user that does not exist */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2FieldErrors"] | components["schemas"]["V2Detail"];
                };
            };
            /** @description No session */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Authenticated but not permitted, or a cross-origin preflight from an origin not allowed */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Conflict with existing data */
            409: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description The body is not JSON (v2: Unsupported media type) */
            415: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Too many requests: see Retry-After */
            429: {
                headers: {
                    /** @description Seconds until this client may try again */
                    "Retry-After"?: number;
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description The database is unavailable */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
        };
    };
    getV2AdminUsersByIdComments: {
        parameters: {
            query?: {
                /** @description Default 20, capped at 100; a value that is not a whole number from 1 gives the default (no 400) */
                limit?: number;
                /** @description Default 0; a value that is not a whole number from 0 gives 0 (no 400) */
                offset?: number;
                /** @description ADMIN only: act as this user id for this request (audited); empty is the same as absent */
                impersonatingUser?: string;
                /** @description Development only: DEV_MODE_ADMIN_KEY elevates the session to ADMIN for this request */
                adminKey?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A window of comments */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserCommentPage"];
                };
            };
            /** @description Invalid request: validation failure, malformed JSON or URL, or an impersonated user that does not exist */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2FieldErrors"] | components["schemas"]["V2Detail"];
                };
            };
            /** @description No session */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Authenticated but not permitted, or a cross-origin preflight from an origin not allowed */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Not found, or not visible to the caller */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Too many requests: see Retry-After */
            429: {
                headers: {
                    /** @description Seconds until this client may try again */
                    "Retry-After"?: number;
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description The database is unavailable */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
        };
    };
    deleteV2Me: {
        parameters: {
            query?: {
                /** @description ADMIN only: act as this user id for this request (audited); empty is the same as absent */
                impersonatingUser?: string;
                /** @description Development only: DEV_MODE_ADMIN_KEY elevates the session to ADMIN for this request */
                adminKey?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The account's password, entered again */
                    password: string;
                };
            };
        };
        responses: {
            /** @description Deleted; the session cookie no longer signs anyone in */
            204: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid request: validation failure, malformed JSON or URL, or an impersonated user that does not exist */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2FieldErrors"] | components["schemas"]["V2Detail"];
                };
            };
            /** @description No session */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Authenticated but not permitted, or a cross-origin preflight from an origin not allowed */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Conflict with existing data */
            409: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Too many requests: see Retry-After */
            429: {
                headers: {
                    /** @description Seconds until this client may try again */
                    "Retry-After"?: number;
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description The database is unavailable */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
        };
    };
    getV2MeExport: {
        parameters: {
            query?: {
                /** @description ADMIN only: act as this user id for this request (audited); empty is the same as absent */
                impersonatingUser?: string;
                /** @description Development only: DEV_MODE_ADMIN_KEY elevates the session to ADMIN for this request */
                adminKey?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Everything about you */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccountExport"];
                };
            };
            /** @description Invalid request: validation failure, malformed JSON or URL, or an impersonated user that does not exist */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2FieldErrors"] | components["schemas"]["V2Detail"];
                };
            };
            /** @description No session */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Too many requests: see Retry-After */
            429: {
                headers: {
                    /** @description Seconds until this client may try again */
                    "Retry-After"?: number;
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
            /** @description The database is unavailable */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V2Detail"];
                };
            };
        };
    };
    getOpenapiJson: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The document */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Invalid request: validation failure, malformed JSON or URL, or an impersonated user that does not exist */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description Too many requests: see Retry-After */
            429: {
                headers: {
                    /** @description Seconds until this client may try again */
                    "Retry-After"?: number;
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description The database is unavailable */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
        };
    };
    getDocs: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An HTML page */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Invalid request: validation failure, malformed JSON or URL, or an impersonated user that does not exist */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description Too many requests: see Retry-After */
            429: {
                headers: {
                    /** @description Seconds until this client may try again */
                    "Retry-After"?: number;
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description The database is unavailable */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
        };
    };
    getDocsSwaggerUiCss: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description swagger-ui.css */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "text/css": string;
                };
            };
            /** @description Invalid request: validation failure, malformed JSON or URL, or an impersonated user that does not exist */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description Too many requests: see Retry-After */
            429: {
                headers: {
                    /** @description Seconds until this client may try again */
                    "Retry-After"?: number;
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description The database is unavailable */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
        };
    };
    getDocsSwaggerUiBundleJs: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description swagger-ui-bundle.js */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "text/javascript": string;
                };
            };
            /** @description Invalid request: validation failure, malformed JSON or URL, or an impersonated user that does not exist */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description Too many requests: see Retry-After */
            429: {
                headers: {
                    /** @description Seconds until this client may try again */
                    "Retry-After"?: number;
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description The database is unavailable */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
        };
    };
    getDocsStartJs: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description start.js */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "text/javascript": string;
                };
            };
            /** @description Invalid request: validation failure, malformed JSON or URL, or an impersonated user that does not exist */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description Too many requests: see Retry-After */
            429: {
                headers: {
                    /** @description Seconds until this client may try again */
                    "Retry-After"?: number;
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
            /** @description The database is unavailable */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Error"];
                };
            };
        };
    };
}
