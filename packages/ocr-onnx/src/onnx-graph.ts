/**
 * An ONNX model's graph, editable node by node: its nodes decoded from the protobuf (inputs,
 * outputs, operation), which node produces and which consume each value, its Constant nodes' float
 * tensors read and rewritten. onnxruntime-node exposes no graph, so the model is edited as bytes;
 * nodes not edited are written back as they were.
 */
import { bytesField, decodeMessage, encodeMessage, texts, type Field } from './protobuf.js';

const MODEL_GRAPH = 7;
const GRAPH_NODE = 1;
const [NODE_INPUT, NODE_OUTPUT, NODE_NAME, NODE_OP, NODE_ATTRIBUTE] = [1, 2, 3, 4, 5];
const [ATTR_NAME, ATTR_FLOAT, ATTR_TENSOR, ATTR_INTS, ATTR_TYPE] = [1, 2, 5, 8, 20];
const [TENSOR_DIMS, TENSOR_TYPE, TENSOR_FLOATS, TENSOR_RAW] = [1, 2, 4, 9];
const FLOAT_TYPE = 1n;
const ATTR_TYPE_FLOAT = 1n;

export interface Node {
  fields: Field[];
  op: string;
  inputs: string[];
  outputs: string[];
  dead: boolean;
  /** New values of a Constant's tensor. */
  replacement?: FloatTensor;
  /** A Constant's tensor as read (null: not 32-bit floats), read once: folding asks again and again. */
  read?: FloatTensor | null;
}

export interface FloatTensor {
  dims: number[];
  data: Float32Array;
}

/**
 * The model with `edit` applied to its graph; Constant nodes left unused are dropped. A model
 * without a graph comes back as it was.
 */
export function editGraph(model: Uint8Array, edit: (graph: Graph) => void): Uint8Array {
  const modelFields = decodeMessage(model);
  const graphField = modelFields.find((f) => f.field === MODEL_GRAPH && f.wire === 2);
  if (!graphField) return model;
  const graphFields = decodeMessage(graphField.value as Uint8Array);
  const nodes = new Map<Field, Node>();
  for (const f of graphFields) {
    if (f.field !== GRAPH_NODE || f.wire !== 2) continue;
    const fields = decodeMessage(f.value as Uint8Array);
    const op = texts(fields, NODE_OP)[0] ?? '';
    nodes.set(f, { fields, op, inputs: texts(fields, NODE_INPUT), outputs: texts(fields, NODE_OUTPUT), dead: false });
  }
  const graph = createGraph([...nodes.values()]);
  edit(graph);
  graph.reindex();
  for (const node of graph.nodes)
    if (node.op === 'Constant' && !graph.consumers(node.outputs[0]!).length) node.dead = true;
  graphField.value = encodeMessage(
    graphFields.flatMap((f) => {
      const node = nodes.get(f);
      if (!node) return [f];
      if (node.dead) return [];
      return [{ ...f, value: encodeMessage(node.replacement ? withReplacement(node) : node.fields) }];
    }),
  );
  return encodeMessage(modelFields);
}

export type Graph = ReturnType<typeof createGraph>;

function createGraph(nodes: Node[]) {
  let producers = new Map<string, Node>();
  let consumers = new Map<string, Node[]>();
  const graph = {
    nodes,
    reindex() {
      producers = new Map();
      consumers = new Map();
      for (const node of nodes) {
        if (node.dead) continue;
        for (const o of node.outputs) producers.set(o, node);
        for (const i of node.inputs) consumers.set(i, [...(consumers.get(i) ?? []), node]);
      }
    },
    consumers: (name: string): Node[] => consumers.get(name) ?? [],
    /** The one node reading `name`, if only one does. */
    soleConsumer(name: string): Node | undefined {
      const list = consumers.get(name) ?? [];
      return list.length === 1 ? list[0] : undefined;
    },
    /** The float tensor of the Constant node producing `name`, if it is one. */
    constant(name: string): (FloatTensor & { node: Node }) | undefined {
      const node = producers.get(name);
      if (node?.op !== 'Constant') return undefined;
      const tensor = readTensor(node);
      return tensor && { ...tensor, node };
    },
    /** For a two-input node with one single-value constant input used only by it: that value and the other input. */
    scalarOperand(node: Node): { value: number; other: string; constant: string } | undefined {
      if (node.inputs.length !== 2) return undefined;
      for (const [constant, other] of [node.inputs, [...node.inputs].reverse()] as [string, string][]) {
        const tensor = graph.constant(constant);
        if (tensor?.data.length === 1 && graph.consumers(constant).length === 1)
          return { value: tensor.data[0]!, other, constant };
      }
      return undefined;
    },
    /** The weights and bias of a Conv with three inputs, when both constants belong to it alone. */
    convParameters(
      conv: Node,
    ): { weights: FloatTensor & { node: Node }; bias: FloatTensor & { node: Node } } | undefined {
      if (conv.op !== 'Conv' || conv.inputs.length !== 3) return undefined;
      const [, w, b] = conv.inputs as [string, string, string];
      const weights = graph.constant(w);
      const bias = graph.constant(b);
      if (!weights || !bias || graph.consumers(w).length !== 1 || graph.consumers(b).length !== 1) return undefined;
      return { weights, bias };
    },
  };
  graph.reindex();
  return graph;
}

export const setInputs = (node: Node, values: string[]): void => setStrings(node, NODE_INPUT, values);
export const setOutputs = (node: Node, values: string[]): void => setStrings(node, NODE_OUTPUT, values);

/** Makes `node` a new node of operation `op` with float attributes. */
export function rebuildNode(
  node: Node,
  op: string,
  inputs: string[],
  outputs: string[],
  floats: Record<string, number>,
): void {
  node.op = op;
  node.inputs = inputs;
  node.outputs = outputs;
  node.fields = [
    ...inputs.map((i) => bytesField(NODE_INPUT, i)),
    ...outputs.map((o) => bytesField(NODE_OUTPUT, o)),
    bytesField(NODE_NAME, `${outputs[0]}.${op}`),
    bytesField(NODE_OP, op),
    ...Object.entries(floats).map(([name, value]) => bytesField(NODE_ATTRIBUTE, floatAttribute(name, value))),
  ];
}

/** A node's attributes by name: their fields. */
export function attributes(node: Node): Map<string, Field[]> {
  return new Map(node.fields.filter((f) => f.field === NODE_ATTRIBUTE).map((f) => attribute(f.value as Uint8Array)));
}

/** The value of a float attribute (its fields), if it has one. */
export function floatOf(fields: readonly Field[] | undefined): number | undefined {
  const f = fields?.find((a) => a.field === ATTR_FLOAT && a.wire === 5);
  return f && Buffer.from(f.value as Uint8Array).readFloatLE(0);
}

function setStrings(node: Node, field: number, values: string[]): void {
  const first = node.fields.findIndex((f) => f.field === field);
  const rest = node.fields.filter((f) => f.field !== field);
  rest.splice(first < 0 ? rest.length : first, 0, ...values.map((v) => bytesField(field, v)));
  node.fields = rest;
  if (field === NODE_INPUT) node.inputs = values;
  if (field === NODE_OUTPUT) node.outputs = values;
}

function attribute(bytes: Uint8Array): [string, Field[]] {
  const fields = decodeMessage(bytes);
  return [texts(fields, ATTR_NAME)[0] ?? '', fields];
}

/** The values of an ints attribute (its fields), packed or not. */
export function intsOf(fields: readonly Field[]): number[] {
  return fields
    .filter((f) => f.field === ATTR_INTS)
    .flatMap((f) =>
      typeof f.value === 'bigint'
        ? [Number(BigInt.asIntN(64, f.value))]
        : decodeMessage(packedAsFields(f.value)).map((v) => Number(BigInt.asIntN(64, v.value as bigint))),
    );
}

/** Packed varints, read as a run of field-1 varints by prefixing each with a key byte. */
function packedAsFields(packed: Uint8Array): Uint8Array {
  const out: number[] = [];
  let start = true;
  for (const byte of packed) {
    if (start) out.push(ATTR_INTS_KEY);
    out.push(byte);
    start = byte < 0x80;
  }
  return Uint8Array.from(out);
}
const ATTR_INTS_KEY = 1 << 3;

function floatAttribute(name: string, value: number): Uint8Array {
  const f = Buffer.alloc(4);
  f.writeFloatLE(value);
  return encodeMessage([
    bytesField(ATTR_NAME, name),
    { field: ATTR_FLOAT, wire: 5, value: f },
    { field: ATTR_TYPE, wire: 0, value: ATTR_TYPE_FLOAT },
  ]);
}

/** The Constant node's tensor when it holds 32-bit floats (its new values once written). */
function readTensor(node: Node): FloatTensor | undefined {
  if (node.replacement) return node.replacement;
  if (node.read === undefined) node.read = decodeTensor(node) ?? null;
  return node.read ?? undefined;
}

function decodeTensor(node: Node): FloatTensor | undefined {
  const fields = tensorFields(node);
  if (fields?.find((f) => f.field === TENSOR_TYPE)?.value !== FLOAT_TYPE) return undefined;
  const dims = fields.filter((f) => f.field === TENSOR_DIMS).map((f) => Number(f.value));
  const raw = fields.find((f) => f.field === TENSOR_RAW)?.value as Uint8Array | undefined;
  const bytes = raw ?? Buffer.concat(fields.filter((f) => f.field === TENSOR_FLOATS).map((f) => f.value as Uint8Array));
  const data = new Float32Array(bytes.length / 4);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let i = 0; i < data.length; i++) data[i] = view.getFloat32(i * 4, true);
  return data.length === dims.reduce((a, b) => a * b, 1) ? { dims, data } : undefined;
}

export function writeTensor(node: Node, dims: number[], data: Float32Array): void {
  node.replacement = { dims, data };
}

const isValueAttribute = (f: Field): boolean =>
  f.field === NODE_ATTRIBUTE && texts(decodeMessage(f.value as Uint8Array), ATTR_NAME)[0] === 'value';

/** The fields of a Constant node's tensor (its `value` attribute). */
function tensorFields(node: Node): Field[] | undefined {
  const value = node.fields.find(isValueAttribute);
  const tensor = value && decodeMessage(value.value as Uint8Array).find((f) => f.field === ATTR_TENSOR);
  return tensor && decodeMessage(tensor.value as Uint8Array);
}

/** A Constant node's fields with its tensor's new values (dims and raw little-endian floats). */
function withReplacement(node: Node): Field[] {
  const { dims, data } = node.replacement!;
  const raw = new Uint8Array(data.length * 4);
  const view = new DataView(raw.buffer);
  data.forEach((v, i) => view.setFloat32(i * 4, v, true));
  const tensor = encodeMessage([
    ...dims.map((d): Field => ({ field: TENSOR_DIMS, wire: 0, value: BigInt(d) })),
    ...tensorFields(node)!.filter(
      (f) => f.field !== TENSOR_DIMS && f.field !== TENSOR_FLOATS && f.field !== TENSOR_RAW,
    ),
    bytesField(TENSOR_RAW, raw),
  ]);
  return node.fields.map((f) => {
    if (!isValueAttribute(f)) return f;
    const attribute = decodeMessage(f.value as Uint8Array).map((a) =>
      a.field === ATTR_TENSOR ? { ...a, value: tensor } : a,
    );
    return { ...f, value: encodeMessage(attribute) };
  });
}
