/** The seller as its invoices and statements name it: the registration numbers Canada Revenue Agency and Revenu Québec gave it. */
export const SELLER = {
  name: 'Meltway Inc.',
  address: ['100 King Street West, Suite 5600', 'Toronto ON  M5X 1C9', 'Canada'],
  /** Business Number with its GST/HST program account. */
  gstHstNumber: '123456789 RT0001',
  /** Quebec sales tax registration. */
  qstNumber: '1234567890 TQ0001',
} as const;
