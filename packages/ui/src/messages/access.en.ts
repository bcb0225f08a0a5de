/**
 * Who a page is for, said to whoever opened the wrong one, and an agency's invitation link: a
 * consumer can land on a Desk page or an invite (a shared link, a bookmark), and is told in their
 * language that it is not for them, with the way back to their own page.
 */
export const ACCESS_EN = {
  "access.deskOnly.title": "This page is for creditors and collection agencies",
  "access.deskOnly.status":
    "Companies use it to place accounts and to invite clients. There is nothing for you to do here, and nothing was changed. Your own page is Resolve, with your offers and your request drafts.",
  "access.deskOnly.next": "Go to Resolve",
  "access.resolveOnly.title": "Resolve is for consumers",
  "access.resolveOnly.status": "These pages belong to people reviewing debt-collection contact. Your Desk's drafts are on your connections page.",
  "access.agencyOnly.title": "This page is for agency Desks",
  "access.agencyOnly.status": "Agencies invite creditors and buyers to become their clients here. Your Desk is not an agency.",
  "access.agencyOnly.next": "Go to the place screen",
  "access.formExpired.title": "This form has expired",
  "access.formExpired.status": "Nothing was saved from it. Go back, reload the page, and send the form again.",
  "access.bodyRefused.tooLarge": "What the form sent is larger than 64 KB, the most a form here carries. Nothing was saved.",
  "access.bodyRefused.compressed": "The form was sent compressed, which this service does not accept. Nothing was saved; send it again.",
  "access.bodyRefused.unreadable": "Something in the form could not be read (a character no text here may hold, U+0000). Nothing was saved; remove it and send the form again.",
  "access.noRole.title": "Nothing to show",
  "access.noRole.status": "This sign-in belongs to no Desk and no consumer.",
  "access.failure.back": "Go back to the form",
  "invite.title": "Invitation from {agency}",
  "invite.heading": "Join {agency} as a client",
  "invite.about": "{agency} invites your Desk to become its client, so you can place accounts with it. The link works once, until {time}.",
  "invite.effect": "Accepting links the two Desks. It sends nothing and places no account.",
  "invite.accept": "Accept the invitation",
  "invite.signIn": "{link} to accept.",
  "invite.signInLink": "Sign in as your Desk",
  "invite.notADesk": "Only a creditor's or buyer's Desk can accept an agency's invitation. Sign in as your Desk to accept it.",
  "invite.consumer.title": "This invitation is for a company",
  "invite.consumer.status":
    "An agency sent this link to a creditor or a debt buyer. It has nothing to do with your accounts, and nothing was changed for you.",
  "invite.invalid.title": "This invitation cannot be used",
  "invite.invalid.status":
    "The link has expired, was withdrawn, was already used by another Desk, or is not a real invitation. Nothing was attached to your Desk. Ask the agency for a new link.",
  "invite.joined.title": "You joined {agency}",
  "invite.joined.status": "Your Desk is a client of {agency} since {time}. You can place accounts with it from the place screen.",
  "invite.already.title": "You are already a client of {agency}",
  "invite.already.status": "This invitation was already accepted by your Desk. Nothing changed: your Desk is a client of {agency} since {time}.",
} as const;
