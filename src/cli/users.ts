/**
 * `kasboek users set-password --email EMAIL`: an operator sets a user's password for the login
 * page. The password is read from standard input — typed twice without echo on a terminal, else
 * the first line of what is piped in — never from an argument, where `ps` and shell history
 * would show it.
 */
import { findUserByEmailAddress, setPassword } from "../modules/users/service.js";
import { parseCommand, requiredOption, UsageError, withDatabase } from "./shared.js";

const USAGE = `Usage:
  kasboek users set-password --email EMAIL

Sets the password the user with EMAIL signs in with on the login page (at least 12 characters).
The password is read from standard input: typed twice, without echo, on a terminal; otherwise
the first line of the input, e.g.  printf '%s\\n' "$PASSWORD" | kasboek users set-password --email E
Setting a new password ends every login session of the user.`;

const CTRL_C = "\u0003";
const CTRL_D = "\u0004";
const BACKSPACES = new Set(["\u007f", "\b"]);

/** The first line of piped input, without its line ending. */
async function readFirstLine(): Promise<string> {
  process.stdin.setEncoding("utf8");
  let text = "";
  for await (const chunk of process.stdin) {
    text += String(chunk);
    const newline = text.indexOf("\n");
    if (newline !== -1) {
      text = text.slice(0, newline);
      break;
    }
  }
  return text.replace(/\r$/, "");
}

/** Reads one line from the terminal without showing it; Ctrl-C or Ctrl-D on an empty line cancel. */
function promptHidden(prompt: string): Promise<string> {
  const input = process.stdin;
  return new Promise((resolve, reject) => {
    let value = "";
    const finish = (error: Error | null) => {
      input.off("data", onData);
      input.setRawMode(false);
      input.pause();
      process.stderr.write("\n");
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (chunk: string) => {
      for (const character of chunk) {
        if (character === "\r" || character === "\n") return finish(null);
        if (character === CTRL_C || (character === CTRL_D && value === "")) {
          return finish(new UsageError("Cancelled; the password was not changed"));
        }
        if (BACKSPACES.has(character)) value = [...value].slice(0, -1).join("");
        else if (character >= " ") value += character;
      }
    };
    // Echo goes off before the prompt shows, so nothing typed at once can appear on screen.
    input.setEncoding("utf8");
    input.setRawMode(true);
    process.stderr.write(prompt);
    input.on("data", onData);
    input.resume();
  });
}

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    const password = await readFirstLine();
    if (password === "") throw new UsageError("No password on standard input (its first line is the password)");
    return password;
  }
  const password = await promptHidden("New password: ");
  if ((await promptHidden("Repeat the new password: ")) !== password) {
    throw new UsageError("The two passwords differ; nothing was changed");
  }
  return password;
}

async function setUserPassword(argv: string[]): Promise<void> {
  const parsed = parseCommand(argv, { usage: USAGE, options: { email: { type: "string" } } });
  if (parsed === null) return;
  const email = requiredOption(parsed, "email", USAGE);
  await withDatabase(async (deps) => {
    // Checked before the password is asked for, so nobody types one for a mistyped address.
    if (!(await findUserByEmailAddress(deps, email))) {
      throw new UsageError(`No user with e-mail ${email}; create one with kasboek bootstrap`);
    }
    await setPassword(deps, email, await readPassword());
  });
  process.stdout.write(`Password set for ${email}.\n`);
}

export async function usersCommand(argv: string[]): Promise<void> {
  const [action, ...rest] = argv;
  if (action === "set-password") return setUserPassword(rest);
  if (action === undefined || action === "--help" || action === "-h") {
    process.stdout.write(`${USAGE}\n`);
    if (action === undefined) throw new UsageError("users needs an action: set-password");
    return;
  }
  throw new UsageError(`Unknown users action "${action}"\n\n${USAGE}`);
}
