/** Lowercase domain of a mail address (what the classifier and routing rules compare), or null. */
export const senderDomain = (address: string | null): string | null => {
  const at = address?.lastIndexOf('@') ?? -1;
  return address && at > 0 ? address.slice(at + 1).toLowerCase() : null;
};
