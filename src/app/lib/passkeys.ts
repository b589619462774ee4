import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';

/**
 * The browser's side of passkeys (issue 31), through @simplewebauthn/browser, loaded only when a passkey is used:
 * the server's options (WebAuthn JSON) in, the authenticator's answer (JSON) out.
 */
const webAuthn = () => import('@simplewebauthn/browser');

export async function createPasskey(options: Record<string, unknown>): Promise<Record<string, unknown>> {
  const { startRegistration } = await webAuthn();
  return { ...(await startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON })) };
}

export async function assertPasskey(options: Record<string, unknown>): Promise<Record<string, unknown>> {
  const { startAuthentication } = await webAuthn();
  return { ...(await startAuthentication({ optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON })) };
}
