/*
 * The browser half of passkeys: the JSON options better-auth's passkey plugin sends become
 * navigator.credentials calls, and the credential goes back as JSON (base64url buffers), the shape
 * @simplewebauthn/server verifies. Written out here (a few lines) rather than adding a package.
 */

type Json = Record<string, unknown>;

function fromBase64url(value: string): ArrayBuffer {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const bytes = Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
  return bytes.buffer;
}

function toBase64url(buffer: ArrayBuffer | null): string | undefined {
  if (!buffer) return undefined;
  let text = '';
  for (const byte of new Uint8Array(buffer)) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function passkeysSupported(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

const descriptors = (list: unknown) =>
  Array.isArray(list)
    ? (list as { id: string; type: string; transports?: string[] }[]).map((d) => ({
        ...d,
        type: 'public-key' as const,
        id: fromBase64url(d.id),
        transports: d.transports as AuthenticatorTransport[] | undefined,
      }))
    : undefined;

/** Registration: creates a passkey on this device for the options the server sent. */
export async function createPasskey(options: Json): Promise<Json> {
  const user = options.user as { id: string; name: string; displayName: string };
  const credential = (await navigator.credentials.create({
    publicKey: {
      ...(options as unknown as PublicKeyCredentialCreationOptions),
      challenge: fromBase64url(options.challenge as string),
      user: { ...user, id: fromBase64url(user.id) },
      excludeCredentials: descriptors(options.excludeCredentials) ?? [],
    },
  })) as PublicKeyCredential | null;
  if (!credential) throw new Error('No passkey was created.');
  const response = credential.response as AuthenticatorAttestationResponse;
  return {
    id: credential.id,
    rawId: toBase64url(credential.rawId),
    type: credential.type,
    authenticatorAttachment: credential.authenticatorAttachment ?? undefined,
    clientExtensionResults: credential.getClientExtensionResults(),
    response: {
      clientDataJSON: toBase64url(response.clientDataJSON),
      attestationObject: toBase64url(response.attestationObject),
      transports: response.getTransports?.() ?? [],
      publicKeyAlgorithm: response.getPublicKeyAlgorithm?.(),
      publicKey: toBase64url(response.getPublicKey?.() ?? null),
      authenticatorData: toBase64url(response.getAuthenticatorData?.() ?? null),
    },
  };
}

/** Sign-in: asks this device for a passkey of this site. */
export async function assertPasskey(options: Json): Promise<Json> {
  const credential = (await navigator.credentials.get({
    publicKey: {
      ...(options as unknown as PublicKeyCredentialRequestOptions),
      challenge: fromBase64url(options.challenge as string),
      allowCredentials: descriptors(options.allowCredentials) ?? [],
    },
  })) as PublicKeyCredential | null;
  if (!credential) throw new Error('No passkey was chosen.');
  const response = credential.response as AuthenticatorAssertionResponse;
  return {
    id: credential.id,
    rawId: toBase64url(credential.rawId),
    type: credential.type,
    authenticatorAttachment: credential.authenticatorAttachment ?? undefined,
    clientExtensionResults: credential.getClientExtensionResults(),
    response: {
      clientDataJSON: toBase64url(response.clientDataJSON),
      authenticatorData: toBase64url(response.authenticatorData),
      signature: toBase64url(response.signature),
      userHandle: toBase64url(response.userHandle),
    },
  };
}
