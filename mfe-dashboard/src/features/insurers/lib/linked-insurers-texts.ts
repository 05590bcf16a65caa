/** Texts of the profile's "Linked insurers" section and its unlink dialog. */
const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

export const LinkedInsurersTexts = {
  heading: 'Linked insurers',
  loading: 'Loading your linked insurers',
  loadFailure: 'We could not load your linked insurers. Please try again later.',
  retry: 'Retry',
  empty: 'You have not linked an insurer yet. Link one to see your claims, prescriptions and diagnoses here.',
  // The spec's empty-state button (part 2 §4).
  linkInsurer: 'Link Insurance Company',
  linkAnother: 'Link another insurer',
  lastUpdated: (iso: string) => `Last updated ${longDate.format(new Date(iso))}`,
  notUpdated: 'Not updated yet',
  relinkLabel: 'Sign in again:',
  relink: (name: string) => `${name} needs you to sign in again before we can update your data.`,
  relinkAction: (name: string) => `Link ${name} again`,
  unlink: 'Unlink',
  dialogTitle: (name: string) => `Unlink ${name}?`,
  dialogBody: (name: string) =>
    `We will end our access at ${name} and delete the claims, prescriptions, diagnoses and other data we got from ${name} from our service. This cannot be undone.`,
  dialogRelink: (name: string) => `You can link ${name} again at any time.`,
  cancel: 'Cancel',
  confirm: (name: string) => `Unlink ${name}`,
  pending: (name: string) => `Unlinking ${name}`,
  unlinkFailure: (name: string) => `We could not unlink ${name} right now. Please try again later.`,
} as const;
