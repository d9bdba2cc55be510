/** What the notification channels can do on this shop, as the panels tell the owner. */
export interface ChannelsState {
  whatsappConfigured: boolean;
  /** The owner's WhatsApp number is set (their order alerts go out); only read when WhatsApp is on. */
  ownerWhatsAppConfigured?: boolean;
  /** E-mail without a mail server: it stays in this server's outbox. */
  mailGoesToOutbox?: boolean;
}

/**
 * A channel that is off, said once and in words (the settings' names are in the README, not on
 * screen), with the one step that turns it on. An off channel writes no messages, so the list below
 * holds no failures the owner can do nothing about.
 */
export function ChannelStatus({ whatsappConfigured, ownerWhatsAppConfigured = true, mailGoesToOutbox }: ChannelsState) {
  const notes: string[] = [];
  if (!whatsappConfigured)
    notes.push(
      "WhatsApp: off. It turns on when the shop's Twilio WhatsApp sender is connected (README, Notifications).",
    );
  else if (!ownerWhatsAppConfigured)
    notes.push(
      "WhatsApp to the owner: off. It turns on when the owner's WhatsApp number is set (README, Notifications).",
    );
  if (mailGoesToOutbox)
    notes.push(
      "E-mail: kept on this server until a mail server is connected (README, Notifications). Open them below.",
    );
  if (notes.length === 0) return null;
  return (
    <ul aria-label="Channels" className="mt-2 flex flex-col gap-1 text-xs text-muted">
      {notes.map((note) => (
        <li key={note}>{note}</li>
      ))}
    </ul>
  );
}
