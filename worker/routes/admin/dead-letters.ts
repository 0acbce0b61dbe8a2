import { Hono } from "hono";
import { deadLetterResentOut, deadLettersOut } from "../../../common/schemas/admin-dead-letters";
import type { AppEnv } from "../../app-env";
import { listDeadLetters, resendDeadLetter } from "../../domain/queues/dead-letters";
import { responds } from "../../openapi/responds";
import { adminContext } from "./admin-context";
import { deadLetterResentJson, deadLettersJson } from "../serializers/dead-letters";

// A queue message id: hexadecimal or a UUID, never a path of its own.
const MESSAGE_ID = "{[0-9A-Za-z-]{1,64}}";

/** Admin: what the queues could not deliver (docs/decisions/079), and sending it again. */
export const adminDeadLetterRoutes = new Hono<AppEnv>()
  .get(
    "/dead-letters",
    responds("List dead-lettered queue messages", {
      200: {
        description: "Messages that failed every retry of the credit or traffic queue, oldest first (at most 200).",
        schema: deadLettersOut,
      },
    }),
    async (c) => c.json(deadLettersJson(await listDeadLetters({ ctx: adminContext(c), input: null })), 200),
  )
  .post(
    `/dead-letters/:id${MESSAGE_ID}/resend`,
    responds(
      "Send a dead letter back to its queue",
      {
        200: {
          description: "Sent back to the queue it came from, and no longer kept (audited).",
          schema: deadLetterResentOut,
        },
      },
      "404 when no such letter is kept (another admin sent it already); 409 when it names no queue of ours.",
    ),
    async (c) => {
      const sent = await resendDeadLetter({
        ctx: { ...adminContext(c), env: c.env },
        input: { id: c.req.param("id") },
      });
      return c.json(deadLetterResentJson(sent), 200);
    },
  );
