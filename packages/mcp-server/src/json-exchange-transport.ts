import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import {
  isJSONRPCRequest,
  type JSONRPCMessage,
  type MessageExtraInfo,
  type RequestId,
} from "@modelcontextprotocol/sdk/types.js";

/**
 * The SDK transport for one stateless POST answered with JSON (MCP Streamable HTTP in JSON response
 * mode): it hands the request's messages to the SDK server and resolves with the server's answers
 * to them. The SDK's own HTTP transport converts every Node request into a Web Request and back,
 * which cost about a third of a call; this keeps the SDK's protocol handling and drops only that.
 */
export class JsonExchangeTransport implements Transport {
  onmessage?: Transport["onmessage"];
  onclose?: () => void;
  onerror?: (error: Error) => void;
  readonly answered: Promise<JSONRPCMessage[]>;
  private readonly awaiting = new Set<RequestId>();
  /** Request ids in the order they came, so a batch is answered in the same order. */
  private readonly order: RequestId[] = [];
  private readonly answers: JSONRPCMessage[] = [];
  private settle: (answers: JSONRPCMessage[]) => void = () => {};

  constructor() {
    this.answered = new Promise((resolve) => {
      this.settle = resolve;
    });
  }

  async start(): Promise<void> {}

  async close(): Promise<void> {
    this.onclose?.();
  }

  async send(message: JSONRPCMessage): Promise<void> {
    // Only answers to this POST's requests have a channel; a stateless exchange has no stream for
    // server-initiated requests or notifications.
    if (!("id" in message) || message.id === undefined || isJSONRPCRequest(message)) return;
    if (!this.awaiting.delete(message.id)) return;
    this.answers.push(message);
    if (this.awaiting.size === 0) {
      const position = (answer: JSONRPCMessage) => this.order.indexOf((answer as { id: RequestId }).id);
      this.settle(this.answers.sort((a, b) => position(a) - position(b)));
    }
  }

  /** Delivers the POST's messages; `answered` resolves once every request among them is answered. */
  deliver(messages: JSONRPCMessage[], extra: MessageExtraInfo): void {
    for (const message of messages) {
      if (!isJSONRPCRequest(message)) continue;
      this.awaiting.add(message.id);
      this.order.push(message.id);
    }
    if (this.awaiting.size === 0) this.settle([]);
    for (const message of messages) this.onmessage?.(message, extra);
  }
}
