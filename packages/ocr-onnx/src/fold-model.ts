/**
 * PP-OCRv4's models as exported (paddle2onnx, PPLCNetV3 backbones) spend most of their CPU on
 * element-wise operations, not on convolutions: after each convolution a learnable affine block
 * (x·a + b, two scalars), a hard-swish written out as four operations (x·clip(x + 3, 0, 6) / 6) and
 * another affine block, each pass over the whole feature map. onnxruntime fuses none of them: its
 * Conv+Mul fusion wants the constant as the Mul's second input and per-channel, paddle2onnx writes
 * it first and as one value, and opsets 9 and 11 have no HardSwish. This rewrites the graph once
 * when the model is loaded, with the same arithmetic:
 * - Conv → ·a → +b becomes one Conv (weights ·a, bias ·a + b);
 * - x + 3 → clip(0, 6) → ·x → /6 becomes x · HardSigmoid(x; 1/6, 1/2), which onnxruntime then
 *   fuses into the convolution before it;
 * - ·c → +d → Conv becomes one Conv (weights ·c, bias + d·Σweights) when the Conv pads nothing;
 *   with padding (whose zeros d would not reach) it becomes +d/c → Conv with weights ·c.
 * The outputs match the original's to about 1e-6.
 */
import { bytesField, decodeMessage, encodeMessage, texts, type Field } from './protobuf.js';

const MODEL_GRAPH = 7;
const GRAPH_NODE = 1;
const [NODE_INPUT, NODE_OUTPUT, NODE_NAME, NODE_OP, NODE_ATTRIBUTE] = [1, 2, 3, 4, 5];
const [ATTR_NAME, ATTR_FLOAT, ATTR_TENSOR, ATTR_INTS, ATTR_TYPE] = [1, 2, 5, 8, 20];
const [TENSOR_DIMS, TENSOR_TYPE, TENSOR_FLOATS, TENSOR_RAW] = [1, 2, 4, 9];
const FLOAT_TYPE = 1n;
const ATTR_TYPE_FLOAT = 1n;

interface Node {
  fields: Field[];
  op: string;
  inputs: string[];
  outputs: string[];
  dead: boolean;
  /** New values of a Constant's tensor. */
  replacement?: FloatTensor;
}

interface FloatTensor {
  dims: number[];
  data: Float32Array;
}

/** The model with its affine blocks and hard-swishes folded; bytes it does not understand pass through. */
export function foldModel(model: Uint8Array): Uint8Array {
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
  foldAffineIntoConv(graph);
  foldHardSwish(graph);
  foldAffineBeforeConv(graph);
  graph.reindex();
  // Constants no longer used (the folded scalars) go too.
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

type Graph = ReturnType<typeof createGraph>;

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

/** Conv → ·a → +b: weights ·a, bias ·a + b. */
function foldAffineIntoConv(graph: Graph): void {
  for (const conv of graph.nodes) {
    if (conv.dead || conv.op !== 'Conv') continue;
    const parameters = graph.convParameters(conv);
    const mul = graph.soleConsumer(conv.outputs[0]!);
    if (!parameters || mul?.op !== 'Mul') continue;
    const scale = graph.scalarOperand(mul);
    if (!scale) continue;
    const add = graph.soleConsumer(mul.outputs[0]!);
    const shift = add?.op === 'Add' ? graph.scalarOperand(add) : undefined;
    const { weights, bias } = parameters;
    writeTensor(
      weights.node,
      weights.dims,
      weights.data.map((w) => w * scale.value),
    );
    writeTensor(
      bias.node,
      bias.dims,
      bias.data.map((b) => b * scale.value + (shift?.value ?? 0)),
    );
    const last = shift ? add! : mul;
    setStrings(conv, NODE_OUTPUT, [last.outputs[0]!]);
    mul.dead = true;
    if (shift) add!.dead = true;
  }
  graph.reindex();
}

/** x + 3 → clip(0, 6) → ·x → /6: x · HardSigmoid(x) with alpha 1/6, beta 1/2. */
function foldHardSwish(graph: Graph): void {
  for (const add of graph.nodes) {
    if (add.dead || add.op !== 'Add') continue;
    const three = graph.scalarOperand(add);
    if (three?.value !== 3) continue;
    const x = three.other;
    const clip = graph.soleConsumer(add.outputs[0]!);
    if (clip?.op !== 'Clip' || !clipsTo(graph, clip, 0, 6)) continue;
    const mul = graph.soleConsumer(clip.outputs[0]!);
    if (mul?.op !== 'Mul' || !mul.inputs.includes(x)) continue;
    const div = graph.soleConsumer(mul.outputs[0]!);
    const six = div?.op === 'Div' && div.inputs[0] === mul.outputs[0] ? graph.scalarOperand(div) : undefined;
    if (six?.value !== 6) continue;
    const out = clip.outputs[0]!;
    add.op = 'HardSigmoid';
    add.inputs = [x];
    add.outputs = [out];
    add.fields = [
      bytesField(NODE_INPUT, x),
      bytesField(NODE_OUTPUT, out),
      bytesField(NODE_NAME, `${out}.hard_sigmoid`),
      bytesField(NODE_OP, 'HardSigmoid'),
      bytesField(NODE_ATTRIBUTE, floatAttribute('alpha', 1 / 6)),
      bytesField(NODE_ATTRIBUTE, floatAttribute('beta', 0.5)),
    ];
    clip.dead = true;
    div!.dead = true;
    setStrings(mul, NODE_OUTPUT, [div!.outputs[0]!]);
  }
  graph.reindex();
}

/** Opset 9 gives a Clip's bounds as attributes, opset 11 as constant inputs. */
function clipsTo(graph: Graph, clip: Node, min: number, max: number): boolean {
  if (clip.inputs.length === 3) {
    return graph.constant(clip.inputs[1]!)?.data[0] === min && graph.constant(clip.inputs[2]!)?.data[0] === max;
  }
  const attributes = new Map(
    clip.fields.filter((f) => f.field === NODE_ATTRIBUTE).map((f) => attribute(f.value as Uint8Array)),
  );
  const value = (name: string) => {
    const f = attributes.get(name)?.find((a) => a.field === ATTR_FLOAT);
    return f && Buffer.from(f.value as Uint8Array).readFloatLE(0);
  };
  return value('min') === min && value('max') === max;
}

/** ·c → +d → Conv: into the Conv where it pads nothing, else +d/c → Conv with weights ·c. */
function foldAffineBeforeConv(graph: Graph): void {
  for (const mul of graph.nodes) {
    if (mul.dead || mul.op !== 'Mul') continue;
    const scale = graph.scalarOperand(mul);
    if (!scale || scale.value === 0) continue;
    const add = graph.soleConsumer(mul.outputs[0]!);
    const shift = add?.op === 'Add' ? graph.scalarOperand(add) : undefined;
    if (!shift) continue;
    const conv = graph.soleConsumer(add!.outputs[0]!);
    const parameters = conv && conv.inputs[0] === add!.outputs[0] && graph.convParameters(conv);
    if (!parameters) continue;
    const attributes = new Map(
      conv.fields.filter((f) => f.field === NODE_ATTRIBUTE).map((f) => attribute(f.value as Uint8Array)),
    );
    if (attributes.has('auto_pad')) continue;
    const pads = intsOf(attributes.get('pads') ?? []);
    const { weights, bias } = parameters;
    if (pads.every((p) => p === 0)) {
      const perOutput = weights.data.length / weights.dims[0]!;
      const sums = bias.data.map((_, o) =>
        weights.data.subarray(o * perOutput, (o + 1) * perOutput).reduce((s, w) => s + w, 0),
      );
      writeTensor(
        bias.node,
        bias.dims,
        bias.data.map((b, o) => b + shift.value * sums[o]!),
      );
      setStrings(conv, NODE_INPUT, [scale.other, ...conv.inputs.slice(1)]);
      add!.dead = true;
    } else {
      const constant = graph.constant(shift.constant)!;
      writeTensor(constant.node, constant.dims, Float32Array.of(shift.value / scale.value));
      setStrings(add!, NODE_INPUT, [scale.other, shift.constant]);
    }
    writeTensor(
      weights.node,
      weights.dims,
      weights.data.map((w) => w * scale.value),
    );
    mul.dead = true;
  }
  graph.reindex();
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

function intsOf(fields: readonly Field[]): number[] {
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

function writeTensor(node: Node, dims: number[], data: Float32Array): void {
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
