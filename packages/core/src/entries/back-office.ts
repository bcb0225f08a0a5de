/** `@connector/core/back-office`: Who acts in the back office (Desk people, consumers, signed-in owners), the dependencies back-office operations take, desk kinds, batch errors. */
export type {
  ActorVia,
  BackOfficeActor,
  ConsumerActor,
  DeskActor,
} from "../back-office/back-office-actor.js";
export {
  assertConsumerActor,
  assertDeskActor,
  assertSignedInOwner,
  isSignedInDeskPerson,
  isSignedInOwner,
} from "../back-office/back-office-actor.js";
export { type BackOfficeDeps, clockOf, type PlacementJobRunner } from "../back-office/back-office-deps.js";
export { batchError } from "../back-office/batch-error.js";
export { DESK_KINDS, type DeskKind } from "../back-office/desk-view.js";
export { pacer, SLICE_BUDGET_MS, SliceSizer, type TakeTurn, takeTurnWithTimer } from "../scheduling/take-turns.js";
