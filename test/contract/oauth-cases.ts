/**
 * Contract case for the OAuth token endpoint (`POST /oauth/token`, form-encoded, outside
 * /api/v1): a code obtained through the consent page is exchanged, then refreshed, and both
 * answers are checked against the reference's token response (keys in its order, `created_at`
 * an integer), as are the two documented errors (400 invalid_request, 401 invalid_client).
 */
import { expect } from "vitest";
import { registerClient } from "../../src/modules/oauth/client-service.js";
import { answerConsent, locationParameters, pkcePair, postForm, signedInBrowser } from "../support/oauth.js";
import { conform, harness, owner, type SuccessCases } from "./context.js";

const REDIRECT_URI = "https://contract.example.test/callback";

export const OAUTH_CASES: SuccessCases = {
  "POST /oauth/token": async (key) => {
    const client = await registerClient(harness.deps, {
      name: "Contract Client",
      redirectUris: [REDIRECT_URI],
      confidential: true,
    });
    const credentials = { client_id: client.client_id, client_secret: client.client_secret ?? "" };
    const page = await signedInBrowser(harness.app, harness.deps, owner.email);
    const { verifier, challenge } = pkcePair();
    const consent = await answerConsent(page, {
      client_id: client.client_id,
      redirect_uri: REDIRECT_URI,
      response_type: "code",
      scope: "public",
      code_challenge: challenge,
      code_challenge_method: "S256",
    });
    const exchanged = conform(
      key,
      await postForm(harness.app, "/oauth/token", {
        ...credentials,
        grant_type: "authorization_code",
        code: locationParameters(consent).get("code") ?? "",
        redirect_uri: REDIRECT_URI,
        code_verifier: verifier,
      }),
    );
    expect(exchanged).toMatchObject({ token_type: "Bearer", expires_in: 7200, scope: "public" });

    const refreshed = conform(
      key,
      await postForm(harness.app, "/oauth/token", {
        ...credentials,
        grant_type: "refresh_token",
        refresh_token: String(exchanged.refresh_token),
      }),
    );
    expect(refreshed.refresh_token).not.toBe(exchanged.refresh_token);

    const missing = conform(key, await postForm(harness.app, "/oauth/token", credentials), 400);
    expect(missing.error).toBe("invalid_request");
    const wrongSecret = { ...credentials, client_secret: "kbs_wrong", grant_type: "refresh_token", refresh_token: "x" };
    const unauthenticated = conform(key, await postForm(harness.app, "/oauth/token", wrongSecret), 401);
    expect(unauthenticated.error).toBe("invalid_client");
  },
};
