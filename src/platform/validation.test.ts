import { Type } from "@sinclair/typebox";
import { describe, expect, it } from "vitest";
import { readWritePayload } from "./attributes.js";
import { type ApiError, ValidationErrors } from "./errors.js";
import { Nullable } from "./fields.js";
import { createHttpServer } from "./http.js";
import { listQuery } from "./list-query.js";
import { MAX_QUANTITY } from "./money.js";
import { idParams } from "./params.js";
import { payloadBody } from "./route-docs.js";
import { payloadSchema } from "./validation.js";
import { compileValidator } from "./validation-errors.js";

const Line = Type.Object({
  id: Nullable.integer(),
  description: Nullable.string({ maxLength: 10 }),
  quantity: Nullable.decimal({ maxMagnitude: MAX_QUANTITY }),
});
const Thing = {
  wrapper: "thing",
  schema: Type.Object({
    name: Nullable.string({ maxLength: 5 }),
    count: Nullable.integer(),
    done: Nullable.boolean(),
    kind: Nullable.enumeration(["big", "small"]),
    date: Nullable.date(),
    at: Nullable.dateTime(),
    price: Nullable.decimal(),
    contact: Type.Object({ city: Nullable.string() }),
    lines: Type.Array(Line),
  }),
  readOnly: ["id", "total"],
} as const;

type Outcome = true | { error: ApiError };

function validateBody(body: unknown): Outcome {
  return compileValidator({ schema: payloadSchema(Thing), httpPart: "body" })(body);
}

/** The attributes a service reads from `thing`, and the problems it is handed with them. */
function read(thing: unknown) {
  const body = { thing };
  const outcome = validateBody(body);
  if (outcome !== true) throw outcome.error;
  const errors = new ValidationErrors();
  const attributes = readWritePayload(Thing, body, { timeZone: "Europe/Amsterdam" }, errors);
  try {
    errors.throwIfAny("ride");
    return { attributes, problems: null };
  } catch (error) {
    return { attributes, problems: (error as ApiError).message };
  }
}

function refusal(outcome: Outcome): { status: number; type: string; message: string } {
  if (outcome === true) throw new Error("expected a refusal");
  return { status: outcome.error.status, type: outcome.error.type, message: outcome.error.message };
}

describe("a body read as the reference reads it", () => {
  it("takes digits for integers, 1/0 and their texts for booleans, numbers for text, and blanks as null", () => {
    expect(read({ count: " -7 ", done: "1", name: 42, kind: "" }).attributes).toEqual({
      count: -7,
      done: true,
      name: "42",
      kind: null,
    });
    expect(read({ count: "", done: 0, date: "", price: "", name: "" }).attributes).toEqual({
      count: null,
      done: false,
      date: null,
      price: null,
      name: "",
    });
  });

  it("takes the date of a date-time for a date, and an amount as its canonical decimal", () => {
    expect(read({ date: "2024-05-02T23:30:00+02:00", price: 12.5, lines: [{ quantity: "3.500" }] }).attributes).toEqual(
      { date: "2024-05-02", price: "12.5", lines: [{ quantity: "3.5" }] },
    );
  });

  it("reads a date-time in the company's time zone", () => {
    expect(read({ at: "2024-03-01 00:00:00" }).attributes).toEqual({ at: "2024-02-29T23:00:00.000Z" });
    expect(read({ at: "9999-12-31T23:30:00Z" }).problems).toBe(
      "Ride is invalid: at must be between 1900-01-01 and 9999-12-31",
    );
  });

  it("drops read-only keys at every level, but not a nested attribute of that name", () => {
    expect(read({ id: 5, total: "1", name: "a", lines: [{ id: 3, total: "2" }] }).attributes).toEqual({
      name: "a",
      lines: [{ id: 3 }],
    });
  });

  it("hands every invalid attribute to the service with its first problem, leaving it out", () => {
    const { attributes, problems } = read({
      name: "far too long",
      count: "0x10",
      done: "maybe",
      kind: "huge",
      date: "2024-02-30",
      price: "+1",
      contact: "Utrecht",
      lines: [{ description: "nul\u0000", quantity: "1000000001" }, "line"],
    });
    expect(problems).toBe(
      "Ride is invalid: name is too long (at most 5 characters); count is not a number; " +
        "done must be true or false; kind must be one of: big, small; date is not a valid date; " +
        "price is not a number; contact must be an object; lines[0].description must not contain a NUL character; " +
        "lines[0].quantity must be between -1000000000 and 1000000000; lines[1] must be an object",
    );
    expect(attributes).toEqual({ lines: [{}, {}] });
  });

  it("says which numbers are not whole, which amounts cannot be exact, and which dates are outside", () => {
    expect(read({ count: 1e308 }).problems).toBe("Ride is invalid: count must be a whole number");
    expect(read({ count: 1.5, price: 12345678.123456789, date: "0999-12-31" }).problems).toBe(
      "Ride is invalid: count must be a whole number; date must be between 1900-01-01 and 9999-12-31; " +
        "price has too many digits for a JSON number; send it as a string",
    );
    expect(read({ price: "0.00000000001", at: "yesterday" }).problems).toBe(
      "Ride is invalid: at is not a valid date-time; price must have at most 10 decimals",
    );
  });

  it("names an array with too many elements, not its elements", () => {
    const lines = Array.from({ length: 1001 }, () => ({ quantity: "x" }));
    expect(read({ lines }).problems).toBe("Ride is invalid: lines must have at most 1000 elements");
  });
});

describe("a body's shape", () => {
  it("is a 400 missing_parameter without a wrapper, or with a null or empty one", () => {
    for (const body of [null, [], { other: {} }, { thing: null }, { thing: {} }]) {
      expect(refusal(validateBody(body))).toEqual({
        status: 400,
        type: "client.parameters.missing_parameter",
        message: "Parameter thing is missing or empty",
      });
    }
  });

  it("is a 400 invalid_parameter_value with a wrapper that is no object", () => {
    for (const thing of ["x", 5, []]) {
      expect(refusal(validateBody({ thing })).message).toBe("Parameter thing must be an object");
    }
  });

  it("is a 400 naming every unknown key, nested ones too, before any value is looked at", () => {
    const outcome = validateBody({
      thing: { count: "x", colour: 1, lines: [{ size: 1 }, { size: 2 }], contact: { toString: "x" } },
    });
    expect(refusal(outcome)).toEqual({
      status: 400,
      type: "client.parameters.unpermitted_parameters",
      message: "Unpermitted parameters in thing: colour, contact.toString, lines[].size",
    });
  });

  it("ignores keys beside the wrapper, and takes a wrapper of read-only keys as a change of nothing", () => {
    expect(read({ id: 1 }).attributes).toEqual({});
    expect(validateBody({ thing: { name: "a" }, other: 1 })).toBe(true);
  });
});

describe("a query string", () => {
  const query = listQuery({
    selections: ["all", "open"],
    search: {
      q: { kind: "text", description: "" },
      from: { kind: "date", description: "" },
      contact_id: { kind: "id", description: "" },
      paths: { kind: "text-list", description: "" },
    },
    extra: { box: { type: "string", enum: ["1a", "1b"] } },
    required: ["box"],
  });
  const validate = compileValidator({ schema: query.schema, httpPart: "querystring" });

  function check(values: Record<string, unknown>): string | Record<string, unknown> {
    const data = { box: "1a", ...values };
    const outcome = validate(data);
    return outcome === true ? data : outcome.error.message;
  }

  it("fills in defaults, also for blanks, reads numbers and lists, and drops unknown keys", () => {
    expect(
      check({ page: "", per_page: " 5 ", colour: "blue", search: { contact_id: "7", paths: "a", other: "x" } }),
    ).toEqual({ box: "1a", page: 1, per_page: 5, selection: "all", search: { contact_id: 7, paths: ["a"] } });
    expect(query.read(check({}) as object)).toEqual({
      selection: "all",
      search: {},
      paging: { page: 1, perPage: 40 },
    });
  });

  it("names the first parameter that cannot be used", () => {
    expect(check({ page: "x" })).toBe("Parameter page must be a whole number");
    expect(check({ per_page: "-1" })).toBe("Parameter per_page must be a whole number");
    expect(check({ per_page: "101" })).toBe("Parameter per_page must be between 0 and 100");
    expect(check({ page: "0" })).toBe("Parameter page must be between 1 and 9007199254740991");
    expect(check({ selection: "nope" })).toBe("Parameter selection must be one of: all, open");
    expect(check({ search: "x" })).toBe("Parameter search must be given as search[name]=value");
    expect(check({ search: { q: ["a", "b"] } })).toBe("Parameter search[q] must be a single value");
    expect(check({ search: { q: "a".repeat(1001) } })).toBe("Parameter search[q] must be at most 1000 characters");
    expect(check({ search: { q: "a\ud800" } })).toBe("Parameter search[q] is not valid text");
    expect(check({ search: { paths: ["a", "\u0000"] } })).toBe(
      "Parameter search[paths][] must not contain a NUL character",
    );
    expect(check({ search: { paths: { x: "1" } } })).toBe("Parameter search[paths][] must be a list of values");
    expect(check({ search: { from: "2024-02-30" } })).toBe("Parameter search[from] must be a date (YYYY-MM-DD)");
    expect(check({ search: { from: "1899-12-31" } })).toBe(
      "Parameter search[from] must be between 1900-01-01 and 9999-12-31",
    );
    expect(check({ search: { contact_id: "9".repeat(400) } })).toBe(
      "Parameter search[contact_id] must be between 0 and 9007199254740991",
    );
    for (const box of [undefined, "", "5c", ["1a"]]) {
      expect(check({ box })).toBe("Parameter box must be one of: 1a, 1b");
    }
  });
});

describe("a path's ids", () => {
  const validate = compileValidator({ schema: idParams({ id: "ride" }), httpPart: "params" });

  it("are read as numbers", () => {
    const params = { company_id: "3", id: "42" };
    expect(validate(params)).toBe(true);
    expect(params).toEqual({ company_id: "3", id: 42 });
  });

  it("are the resource not found when they are no id", () => {
    for (const id of ["abc", "-1", "1.5", "9007199254740992", "\u0000"]) {
      expect(refusal(validate({ id }))).toEqual({
        status: 404,
        type: "client.not_found.resource",
        message: "Ride not found",
      });
    }
  });
});

describe("a route's body problems", () => {
  const Note = { wrapper: "note", schema: Type.Object({ pages: Nullable.integer() }), readOnly: [] } as const;

  async function post(read: boolean) {
    const app = createHttpServer({ logger: false });
    app.post("/notes", { schema: { body: payloadBody(Note) } }, async (request) => {
      const errors = new ValidationErrors();
      const attributes = read ? readWritePayload(Note, request.body, { timeZone: "UTC" }, errors) : {};
      errors.throwIfAny("request");
      return { note: attributes };
    });
    const response = await app.inject({ method: "POST", url: "/notes", payload: { note: { pages: "many" } } });
    await app.close();
    return { status: response.statusCode, error: (JSON.parse(response.body) as { error?: unknown }).error };
  }

  it("are answered by the service that reads the body, in its one 422", async () => {
    expect(await post(true)).toEqual({
      status: 422,
      error: { type: "client.parameters.validation", message: "Request is invalid: pages is not a number" },
    });
  });

  it("are never dropped by a handler that does not read them: that is a 500, not a success", async () => {
    expect((await post(false)).status).toBe(500);
  });
});
