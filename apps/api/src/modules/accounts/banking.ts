import type { DealerData } from '@meltway/shared/accounts/user.schema';

/** Keeps only the last 3 digits of a bank number visible. */
export const maskDigits = (s: string) => (s.length <= 3 ? s : `${'•'.repeat(s.length - 3)}${s.slice(-3)}`);

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
