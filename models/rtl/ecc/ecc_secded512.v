// Hamming SEC-DED encoder/decoder for one 512-byte NAND sector (4096 data bits, 24 check bits).
//
// The code is the line/column parity Hamming code NAND controllers have long used for 512-byte
// sectors (the SmartMedia layout): every data bit has a 12-bit address a = byte * 8 + bit, and
// for each address bit k there are two check bits,
//   ecc[2k+1] = XOR of the data bits whose address has bit k set,
//   ecc[2k]   = XOR of the data bits whose address has bit k clear.
// Decoding XORs the stored check bits with the recomputed ones (the syndrome s):
//   s == 0                              clean
//   s[2k] != s[2k+1] for every k        one data bit flipped; its address is {s[2k+1]}
//   exactly one bit of s set            one check bit flipped; the data is intact
//   anything else                       uncorrectable (every double-bit error lands here)
// so it corrects any single-bit error and detects any double-bit error (SEC-DED).
//
// Interface (one sector per start):
//   start      one-cycle pulse in IDLE; `decode` and `ecc_in` are sampled with it
//   in_*       valid/ready stream of SECTOR_WORDS words, W bits each, bytes little-endian
//              (byte 0 of the sector in bits 7:0 of word 0)
//   done       one-cycle pulse: ecc_out, status and err_addr hold until the next start
// Cycles per sector with an always-valid input: 1 (start) + 4096 / W (words) + 1 (syndrome).
// The block reports where the error is; the data path (a DMA engine in a real controller, the
// transactor here) flips that bit in its sector buffer.
module ecc_secded512 #(
    parameter int W = 64  // data word width: 8, 16, 32 or 64
) (
    input  logic         clk,
    input  logic         rst_n,
    input  logic         start,
    input  logic         decode,
    input  logic [23:0]  ecc_in,
    input  logic         in_valid,
    output logic         in_ready,
    input  logic [W-1:0] in_data,
    output logic         done,
    output logic [23:0]  ecc_out,
    output logic [1:0]   status,    // 0 clean, 1 data bit corrected, 2 check bit flipped, 3 uncorrectable
    output logic [11:0]  err_addr   // status 1: address (byte * 8 + bit) of the flipped data bit
);
  localparam int LW = $clog2(W);               // address bits inside a word
  localparam int SECTOR_WORDS = 4096 / W;
  localparam int WI = 12 - LW;                 // word-index bits

  typedef enum logic [1:0] { IDLE, BUSY, SYNDROME } state_t;
  state_t state;
  logic [WI-1:0] word_index;
  logic [11:0] odd, even;                      // running check bits
  logic        decoding;
  logic [23:0] stored;

  assign in_ready = state == BUSY;

  // Contribution of one word: column parities from the bit position inside the word (a parity
  // over a constant mask each), line parities from the word index.
  function automatic logic [W-1:0] column_mask(input int k);
    for (int i = 0; i < W; i++) column_mask[i] = ((i >> k) & 1) == 1;
  endfunction

  logic        word_parity;
  logic [11:0] word_odd, word_even;
  assign word_parity = ^in_data;
  for (genvar k = 0; k < 12; k++) begin : g_address_bit
    if (k < LW) begin : g_column
      localparam logic [W-1:0] MASK = column_mask(k);
      assign word_odd[k] = ^(in_data & MASK);
      assign word_even[k] = ^(in_data & ~MASK);
    end else begin : g_line
      assign word_odd[k] = word_index[k - LW] & word_parity;
      assign word_even[k] = ~word_index[k - LW] & word_parity;
    end
  end

  // Syndrome classification.
  logic [23:0] computed, syndrome;
  logic [4:0]  weight;
  logic        one_per_pair;
  logic [11:0] flipped_addr;
  always_comb begin
    for (int k = 0; k < 12; k++) begin
      computed[2 * k] = even[k];
      computed[2 * k + 1] = odd[k];
    end
    syndrome = computed ^ stored;
    weight = '0;
    one_per_pair = 1'b1;
    for (int b = 0; b < 24; b++) weight = weight + {4'b0, syndrome[b]};
    for (int k = 0; k < 12; k++) begin
      if (syndrome[2 * k] == syndrome[2 * k + 1]) one_per_pair = 1'b0;
      flipped_addr[k] = syndrome[2 * k + 1];
    end
  end

  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      state <= IDLE;
      word_index <= '0;
      odd <= '0;
      even <= '0;
      decoding <= 1'b0;
      stored <= '0;
      done <= 1'b0;
      ecc_out <= '0;
      status <= 2'd0;
      err_addr <= '0;
    end else begin
      done <= 1'b0;
      case (state)
        IDLE:
          if (start) begin
            state <= BUSY;
            word_index <= '0;
            odd <= '0;
            even <= '0;
            decoding <= decode;
            stored <= decode ? ecc_in : 24'd0;
          end
        BUSY:
          if (in_valid) begin
            odd <= odd ^ word_odd;
            even <= even ^ word_even;
            word_index <= word_index + 1'b1;
            if (word_index == WI'(SECTOR_WORDS - 1)) state <= SYNDROME;
          end
        SYNDROME: begin
          state <= IDLE;
          done <= 1'b1;
          ecc_out <= computed;
          err_addr <= '0;
          if (!decoding || syndrome == 24'd0) begin
            status <= 2'd0;
          end else if (one_per_pair) begin
            status <= 2'd1;
            err_addr <= flipped_addr;
          end else if (weight == 5'd1) begin
            status <= 2'd2;
          end else begin
            status <= 2'd3;
          end
        end
        default: state <= IDLE;
      endcase
    end
  end
endmodule
