import type { DealerData } from '@meltway/shared/accounts/user.schema';

/**
 * Keeps only the last 3 digits of a bank number visible, and never a whole number: one of 3 digits or
 * fewer (an institution number) is masked entirely.
 */
const maskDigits = (s: string) => (s.length <= 3 ? '•'.repeat(s.length) : `${'•'.repeat(s.length - 3)}${s.slice(-3)}`);

/** Dealer data as every answer shows it: the bank numbers masked (the void cheque is the only copy served whole). */
export const maskBanking = (d: DealerData | null): DealerData | null =>
  d && {
    ...d,
    bankingInfo: {
      ...d.bankingInfo,
      transitNumber: maskDigits(d.bankingInfo.transitNumber),
      institutionNumber: maskDigits(d.bankingInfo.institutionNumber),
      accountNumber: maskDigits(d.bankingInfo.accountNumber),
    },
  };
