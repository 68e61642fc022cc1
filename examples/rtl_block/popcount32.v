// A small RTL block added from outside models/ (docs/extending.md, "An RTL block"): the number
// of set bits of a 32-bit word, registered one clock after the word is presented.
module popcount32 (
    input  logic        clk,
    input  logic        rst_n,
    input  logic        in_valid,
    input  logic [31:0] in_data,
    output logic        out_valid,
    output logic [5:0]  out_count
);
  logic [5:0] count;
  always_comb begin
    count = 6'd0;
    for (int i = 0; i < 32; i++) count = count + {5'd0, in_data[i]};
  end
  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      out_valid <= 1'b0;
      out_count <= 6'd0;
    end else begin
      out_valid <= in_valid;
      out_count <= count;
    end
  end
endmodule
