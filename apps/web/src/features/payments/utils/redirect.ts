/** Leaves the app for another page (the provider's checkout); its own module so tests can stand in for the browser. */
export function redirectTo(url: string): void {
  window.location.assign(url);
}
