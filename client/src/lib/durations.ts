/** How long feedback stays on screen (spec §9). */
export const DURATIONS = {
  toast: 1500,
  successToast: 3000,
  orderConfirmedDialog: 2000,
  longAlert: 8000,
  resetToast: 3000,
  successPopup: 1500,
} as const;
