const SECRET_PARAM = /([?&](?:[^=&]*password[^=&]*|token|access_token|code|resetToken|registrationToken)=)[^&]*/gi;

/** A request URL fit for logs: values of password, token and code parameters are hidden. */
export const redactUrl = (url: string): string => url.replace(SECRET_PARAM, '$1[redacted]');
