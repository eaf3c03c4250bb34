// What the shell (App.tsx) hands every account page: the selected account and whether the session
// holds a test secret key for it. On its own so the pages need not import the shell that imports them.
export interface Selected {
  accountId: string;
  keyReady: boolean;
}
