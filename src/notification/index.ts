export type { Channel, Recipient, CustomerNotificationReason, Effect } from "./effect.js";
export { customerRecipients } from "./recipients.js";
export { customerNotification, reminderDay, planningEffects, cancelEffects } from "./notify.js";
