/** Events a decision records on one stream; a checkout decides several streams at once. */
export interface StreamEvents {
  streamId: string;
  events: Array<{ type: string; data: unknown }>;
}
