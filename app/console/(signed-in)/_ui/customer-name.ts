/** A customer's display name: the person's or the business's name, else its id. */
export const customerName = (c: {
  id: string;
  fullName?: string | null;
  businessInfo?: { legalName?: string | null } | null;
}) => c.fullName ?? c.businessInfo?.legalName ?? c.id;
