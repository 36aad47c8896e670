/** localStorage key of the access token, kept as JSON (product spec sections 3 and 9). */
export const LOGIN_TOKEN_STORAGE_KEY = 'm_login_token';
