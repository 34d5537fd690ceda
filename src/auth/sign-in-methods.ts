import { setTimeout as delay } from "node:timers/promises";
import type { AuthContext, BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";
import type { Config, OidcConfig } from "../config.js";
import { betterAuthRefusal } from "../http/errors.js";
import type { Logger } from "../logging/logger.js";
import {
  discover,
  IdentityProviderError,
  OIDC_PROVIDER_ID,
  oidcPlugin,
  PROVIDER_DEADLINE_MS,
} from "./identity-provider.js";

const IDENTITY_PROVIDER_PLUGIN = "identity-provider";

/** The plugins of the sign-in methods beside email and password that the configuration turns on. */
export function signInMethodPlugins(config: Config, logger: Logger): BetterAuthPlugin[] {
  return config.oidc ? [identityProvider(config.oidc, logger)] : [];
}

/** The sign-in methods beside email and password that those plugins turn on (auth/endpoints.ts names their endpoints). */
export function configuredSignInMethods(plugins: readonly { id: string }[] = []): ReadonlySet<"oidc"> {
  return new Set(plugins.some((plugin) => plugin.id === IDENTITY_PROVIDER_PLUGIN) ? ["oidc"] : []);
}

/**
 * Where better-auth sends the browser when a provider sign-in fails and the client named no
 * `errorCallbackURL`: its own page is HTML, this answer the failure's code as JSON.
 */
export function signInFailure(error: string | undefined) {
  const code = /^[a-z_]{1,64}$/.test(error ?? "") ? error!.toUpperCase() : "SIGN_IN_FAILED";
  return betterAuthRefusal(code, `Sign-in through the identity provider failed (${code.toLowerCase()})`);
}

const PROVIDER_PATHS = new Set(["/sign-in/social", "/link-social", `/callback/:id`]);

/**
 * The OpenID Connect provider as a better-auth plugin. Its discovery document is fetched at
 * start-up within a deadline; a provider that is down or misnamed then leaves sign-in through it
 * unavailable (503) but everything else serving, and each later attempt to use it tries again.
 */
function identityProvider(oidc: OidcConfig, logger: Logger): BetterAuthPlugin {
  // One discovery at a time: a crowd of sign-ins while the provider is down waits on one attempt.
  let attempt: Promise<BetterAuthPlugin | undefined> | undefined;
  const load = () =>
    (attempt ??= discover(oidc.issuer)
      .then((document) => oidcPlugin(oidc, document))
      .catch((error: unknown) => {
        if (!(error instanceof IdentityProviderError)) throw error;
        logger.error(`OpenID Connect provider unavailable: ${error.message}`);
        return undefined;
      })
      .finally(() => (attempt = undefined)));
  const register = async (context: AuthContext): Promise<boolean> => {
    if (context.socialProviders.some((provider) => provider.id === OIDC_PROVIDER_ID)) return true;
    const plugin = await load();
    if (!plugin?.init) return false;
    const built = await Promise.race([plugin.init(context), delay(PROVIDER_DEADLINE_MS, undefined)]);
    const provider = built?.context?.socialProviders?.find((candidate) => candidate?.id === OIDC_PROVIDER_ID);
    // Checked again on what the plugin read for itself: it must be the provider checked above.
    if (provider?.issuer !== oidc.issuer) {
      logger.error("OpenID Connect provider unavailable: its discovery failed or named another issuer");
      return false;
    }
    if (!context.socialProviders.some((existing) => existing.id === OIDC_PROVIDER_ID))
      context.socialProviders.unshift(provider as AuthContext["socialProviders"][number]);
    return true;
  };
  return {
    id: IDENTITY_PROVIDER_PLUGIN,
    init: async (context) => {
      await register(context);
      return {
        options: {
          account: {
            accountLinking: {
              enabled: true,
              // A provider's sign-in never joins an existing account of the same email: the owner
              // links it while signed in (`/link-social`), and only to an email the provider verified.
              disableImplicitLinking: true,
              allowDifferentEmails: false,
              trustedProviders: [],
            },
          },
        },
      };
    },
    hooks: {
      before: [
        {
          matcher: (context) => PROVIDER_PATHS.has(context.path ?? ""),
          handler: createAuthMiddleware(async (context) => {
            if (!(await register(context.context)))
              throw new APIError("SERVICE_UNAVAILABLE", {
                code: "IDENTITY_PROVIDER_UNAVAILABLE",
                message: "The identity provider cannot be reached or is misconfigured; try again later",
              });
          }),
        },
      ],
    },
  };
}
