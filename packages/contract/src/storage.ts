/** localStorage key of the access token, kept as JSON (decision 003). */
export const LOGIN_TOKEN_STORAGE_KEY = 'm_login_token';
