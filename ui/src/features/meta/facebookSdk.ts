/**
 * The Facebook JavaScript SDK, loaded on demand (only when an administrator links a page), with the
 * server's Meta app id. The login asks the spec's permissions (messaging, pages, Instagram) on Graph
 * API version 9.0; what it answers (the user's id and short-lived token) goes to POST /facebook.
 */
export const FACEBOOK_SDK_URL = 'https://connect.facebook.net/pt_BR/sdk.js';
export const FACEBOOK_API_VERSION = 'v9.0';
export const FACEBOOK_LOGIN_SCOPE = [
  'public_profile',
  'pages_show_list',
  'pages_messaging',
  'pages_manage_metadata',
  'pages_read_engagement',
  'instagram_basic',
  'instagram_manage_messages',
  'business_management',
].join(',');

/** The part of the SDK this app uses. */
export interface FacebookSdk {
  init(options: { appId: string; version: string; cookie?: boolean; xfbml?: boolean; status?: boolean }): void;
  login(
    callback: (response: { status?: string; authResponse?: { userID: string; accessToken: string } | null }) => void,
    options: { scope: string; return_scopes?: boolean },
  ): void;
}

declare global {
  interface Window {
    FB?: FacebookSdk;
    fbAsyncInit?: () => void;
  }
}

/** The person closed the login or refused the permissions. */
export class FacebookLoginCancelled extends Error {
  constructor() {
    super('facebook login cancelled');
  }
}

let loading: Promise<FacebookSdk> | null = null;

/** Loads the SDK once (the script calls fbAsyncInit when ready) and initialises it with the app id. */
export function loadFacebookSdk(appId: string, timeoutMs = 20_000): Promise<FacebookSdk> {
  if (loading) return loading;
  loading = new Promise<FacebookSdk>((resolve, reject) => {
    const ready = () => {
      window.FB!.init({ appId, version: FACEBOOK_API_VERSION, cookie: false, xfbml: false, status: false });
      resolve(window.FB!);
    };
    if (window.FB) return ready();
    window.fbAsyncInit = ready;
    const script = document.createElement('script');
    script.src = FACEBOOK_SDK_URL;
    script.async = true;
    script.crossOrigin = 'anonymous';
    script.onerror = () => reject(new Error('the Facebook SDK could not be loaded'));
    document.head.appendChild(script);
    setTimeout(() => reject(new Error('the Facebook SDK did not answer')), timeoutMs);
  }).catch((error) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** Logs in with Facebook; answers the user's id and short-lived token. */
export async function facebookLogin(appId: string): Promise<{ userID: string; accessToken: string }> {
  const sdk = await loadFacebookSdk(appId);
  return new Promise((resolve, reject) => {
    sdk.login(
      (response) => {
        if (response.status === 'connected' && response.authResponse) resolve(response.authResponse);
        else reject(new FacebookLoginCancelled());
      },
      { scope: FACEBOOK_LOGIN_SCOPE, return_scopes: true },
    );
  });
}
