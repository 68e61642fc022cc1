// RAID parity engine: P (XOR) and Q (Reed-Solomon over GF(2^8)) of one stripe row, computed
// from the row's data units streamed through a valid/ready port, one 64-bit word (eight GF
// symbols) per cycle.
//
//   P = D_0 ^ D_1 ^ ... ^ D_{k-1}
//   Q = g^j0 D_j0 ^ g^j1 D_j1 ^ ...     g = 2, field polynomial x^8+x^4+x^3+x^2+1 (0x11d),
//                                      the field of the Linux RAID-6 Q syndrome
// where j is the unit's index in the row, given with the unit's first word (in_index), so a
// reconstruction can feed any subset of units with their own coefficients.
//
// Protocol:
//   start        one-cycle pulse in IDLE with `units` (k >= 1) and `unit_words` (1..MAX_WORDS)
//   in_*         k units one after the other, unit_words words each; in_index is sampled with
//                the first word of a unit
//   out_*        then unit_words words of P and Q (valid/ready)
//   done         one-cycle pulse after the last output word
// Cycles with always-valid input and always-ready output: 1 + k × unit_words + unit_words.
// The accumulators are a MAX_WORDS-deep register file read and written in the same cycle.
module raid_parity_engine #(
    parameter int MAX_WORDS = 512  // 4 KiB stripe units
) (
    input  logic        clk,
    input  logic        rst_n,
    input  logic        start,
    input  logic [7:0]  units,
    input  logic [$clog2(MAX_WORDS+1)-1:0] unit_words,
    input  logic        in_valid,
    output logic        in_ready,
    input  logic [63:0] in_data,
    input  logic [7:0]  in_index,
    output logic        out_valid,
    input  logic        out_ready,
    output logic [63:0] out_p,
    output logic [63:0] out_q,
    output logic        done
);
  localparam int AW = $clog2(MAX_WORDS);
  localparam int CW = $clog2(MAX_WORDS + 1);

  typedef enum logic [1:0] { IDLE, ACCUMULATE, OUTPUT } state_t;
  state_t state;
  logic [7:0]    units_left;
  logic [CW-1:0] words;
  logic [AW-1:0] word;
  logic          first_unit;
  logic [7:0]    coefficient;     // g^index of the unit being streamed
  logic [63:0]   p_acc [MAX_WORDS];
  logic [63:0]   q_acc [MAX_WORDS];

  // g^i for every i, built once: a 256-entry ROM.
  logic [7:0] exp_table [256];
  initial begin
    logic [7:0] value;
    value = 8'd1;
    for (int i = 0; i < 256; i++) begin
      exp_table[i] = value;
      value = {value[6:0], 1'b0} ^ (value[7] ? 8'h1d : 8'h00);
    end
  end

  function automatic logic [7:0] gf_mul(input logic [7:0] a, input logic [7:0] b);
    logic [7:0] product, shifted;
    product = '0;
    shifted = a;
    for (int bit_index = 0; bit_index < 8; bit_index++) begin
      if (b[bit_index]) product = product ^ shifted;
      shifted = {shifted[6:0], 1'b0} ^ (shifted[7] ? 8'h1d : 8'h00);
    end
    return product;
  endfunction

  // The coefficient of this word's unit: from in_index on a unit's first word, else held.
  wire        unit_start = word == '0;
  wire [7:0]  word_coefficient = unit_start ? exp_table[in_index] : coefficient;
  logic [63:0] scaled;
  always_comb begin
    for (int lane = 0; lane < 8; lane++) begin
      scaled[lane * 8 +: 8] = gf_mul(in_data[lane * 8 +: 8], word_coefficient);
    end
  end

  assign in_ready = state == ACCUMULATE;
  assign out_valid = state == OUTPUT;
  assign out_p = p_acc[word];
  assign out_q = q_acc[word];
  wire last_word = {{(CW - AW){1'b0}}, word} == words - 1'b1;

  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      state <= IDLE;
      units_left <= '0;
      words <= '0;
      word <= '0;
      first_unit <= 1'b0;
      coefficient <= 8'd1;
      done <= 1'b0;
    end else begin
      done <= 1'b0;
      case (state)
        IDLE:
          if (start) begin
            state <= ACCUMULATE;
            units_left <= units;
            words <= unit_words;
            word <= '0;
            first_unit <= 1'b1;
          end
        ACCUMULATE:
          if (in_valid) begin
            p_acc[word] <= first_unit ? in_data : p_acc[word] ^ in_data;
            q_acc[word] <= first_unit ? scaled : q_acc[word] ^ scaled;
            coefficient <= word_coefficient;
            if (last_word) begin
              word <= '0;
              first_unit <= 1'b0;
              units_left <= units_left - 1'b1;
              if (units_left == 8'd1) state <= OUTPUT;
            end else begin
              word <= word + 1'b1;
            end
          end
        OUTPUT:
          if (out_ready) begin
            if (last_word) begin
              word <= '0;
              state <= IDLE;
              done <= 1'b1;
            end else begin
              word <= word + 1'b1;
            end
          end
        default: state <= IDLE;
      endcase
    end
  end
endmodule
