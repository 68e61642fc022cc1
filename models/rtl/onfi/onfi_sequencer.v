// A small ONFI command sequencer: the flash-side half of an RTL flash controller. It takes one
// READ, PROGRAM or ERASE at a time from a host port and runs it on the asynchronous SDR pins of
// one NAND target (CE#, CLE, ALE, WE#, RE#, R/B#, DQ[7:0]).
//
//   READ     00h, 2 column + 3 row address cycles, 30h, wait R/B#, `bytes` data-out cycles
//   PROGRAM  80h, 2 column + 3 row address cycles, `bytes` data-in cycles, 10h, wait R/B#
//   ERASE    60h, 3 row address cycles, D0h, wait R/B#
// With cmd_status_check, PROGRAM and ERASE end with a status read (70h, one data-out cycle);
// status bit 0 (FAIL) is reported on `fail`.
//
// Pin timing comes from the clock: a write cycle holds WE# low WP cycles and high WH cycles, a
// read cycle holds RE# low RP cycles (DQ is captured on the edge that raises RE#) and high RH
// cycles. After the confirm command the sequencer ignores R/B# for TWB_GUARD cycles (the NAND
// may take tWB to drop it), then waits for R/B# high; R/B# is used as sampled, without a
// synchronizer (a real controller would add one; here it would only add a fixed latency).
// tWHR, tADL and tRR are not enforced: the target model does not check them.
//
// The DQ bus is split into dq_o (driven while dq_oe) and dq_i, as usual for a tri-state bus in
// a simulation model. done pulses for one cycle when an operation has finished; the host may
// present the next command from the following cycle on.
module onfi_sequencer #(
    parameter int WP = 1,
    parameter int WH = 1,
    parameter int RP = 1,
    parameter int RH = 1,
    parameter int TWB_GUARD = 10
) (
    input  logic        clk,
    input  logic        rst_n,
    // host: commands
    input  logic        cmd_valid,
    output logic        cmd_ready,
    input  logic [1:0]  cmd_op,            // 0 READ, 1 PROGRAM, 2 ERASE
    input  logic [23:0] cmd_row,           // ONFI row address: block and page
    input  logic [15:0] cmd_column,
    input  logic [15:0] cmd_bytes,         // data bytes of a READ or PROGRAM
    input  logic        cmd_status_check,
    // host: program data (one byte per data-in cycle)
    input  logic        wr_valid,
    output logic        wr_ready,
    input  logic [7:0]  wr_data,
    // host: read data (one strobe per data-out cycle, no back-pressure)
    output logic        rd_valid,
    output logic [7:0]  rd_data,
    // host: completion
    output logic        done,
    output logic        fail,
    output logic [7:0]  status,
    // ONFI pins
    output logic        ce_n,
    output logic        cle,
    output logic        ale,
    output logic        we_n,
    output logic        re_n,
    output logic [7:0]  dq_o,
    output logic        dq_oe,
    input  logic [7:0]  dq_i,
    input  logic        rb_n
);
  localparam logic [1:0] OP_READ = 2'd0, OP_PROGRAM = 2'd1, OP_ERASE = 2'd2;

  typedef enum logic [2:0] {
    S_IDLE, S_WR_LOW, S_WR_HIGH, S_WAIT_DATA, S_WAIT_RB, S_RD_LOW, S_RD_HIGH
  } state_t;
  // What the current bus cycle is part of.
  typedef enum logic [2:0] {
    P_SETUP, P_ADDRESS, P_DATA_IN, P_CONFIRM, P_DATA_OUT, P_STATUS_CMD, P_STATUS_READ
  } phase_t;

  state_t      state;
  phase_t      phase;
  logic [1:0]  op;
  logic [23:0] row;
  logic [15:0] column;
  logic [15:0] bytes_left;                 // data cycles still to run, the current one included
  logic        status_check;
  logic [2:0]  address_index;
  logic [7:0]  count;                      // cycles left in the current pin phase
  logic [7:0]  guard;

  wire [2:0] address_cycles = op == OP_ERASE ? 3'd3 : 3'd5;
  wire       write_cycle_ends = state == S_WR_HIGH && count == 0;
  // The next write cycle is a data-in cycle (its byte is taken from the host when it starts).
  wire       next_is_data =
      (phase == P_ADDRESS && address_index == address_cycles - 3'd1 && op == OP_PROGRAM &&
       bytes_left != 0) ||
      (phase == P_DATA_IN && bytes_left > 16'd1);

  assign cmd_ready = state == S_IDLE;
  assign wr_ready = state == S_WAIT_DATA || (write_cycle_ends && next_is_data);
  assign ce_n = state == S_IDLE;
  assign we_n = state != S_WR_LOW;
  assign re_n = state != S_RD_LOW;
  assign dq_oe = state == S_WR_LOW || state == S_WR_HIGH;

  function automatic logic [7:0] address_byte(input logic [1:0] o, input logic [2:0] index,
                                               input logic [15:0] col, input logic [23:0] r);
    logic [39:0] cycles;
    cycles = o == OP_ERASE ? {16'd0, r} : {r, col};
    return cycles[index * 8 +: 8];
  endfunction

  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      state <= S_IDLE;
      phase <= P_SETUP;
      op <= OP_READ;
      row <= '0;
      column <= '0;
      bytes_left <= '0;
      status_check <= 1'b0;
      address_index <= '0;
      count <= '0;
      guard <= '0;
      cle <= 1'b0;
      ale <= 1'b0;
      dq_o <= '0;
      rd_valid <= 1'b0;
      rd_data <= '0;
      done <= 1'b0;
      fail <= 1'b0;
      status <= '0;
    end else begin
      rd_valid <= 1'b0;
      done <= 1'b0;
      case (state)
        S_IDLE:
          if (cmd_valid) begin
            op <= cmd_op;
            row <= cmd_row;
            column <= cmd_column;
            bytes_left <= cmd_bytes;
            status_check <= cmd_status_check && cmd_op != OP_READ;
            fail <= 1'b0;
            status <= '0;
            phase <= P_SETUP;
            cle <= 1'b1;
            ale <= 1'b0;
            dq_o <= cmd_op == OP_READ ? 8'h00 : cmd_op == OP_PROGRAM ? 8'h80 : 8'h60;
            state <= S_WR_LOW;
            count <= 8'(WP - 1);
          end
        S_WR_LOW:
          if (count == 0) begin
            state <= S_WR_HIGH;  // WE# rises: the target latches CLE, ALE and DQ
            count <= 8'(WH - 1);
          end else begin
            count <= count - 1'b1;
          end
        S_WR_HIGH:
          if (count != 0) begin
            count <= count - 1'b1;
          end else begin
            // The write cycle is over: start the next one, or wait.
            case (phase)
              P_SETUP: begin
                phase <= P_ADDRESS;
                address_index <= '0;
                cle <= 1'b0;
                ale <= 1'b1;
                dq_o <= address_byte(op, 3'd0, column, row);
                state <= S_WR_LOW;
                count <= 8'(WP - 1);
              end
              P_ADDRESS:
                if (address_index != address_cycles - 3'd1) begin
                  address_index <= address_index + 1'b1;
                  dq_o <= address_byte(op, address_index + 1'b1, column, row);
                  state <= S_WR_LOW;
                  count <= 8'(WP - 1);
                end else if (op == OP_PROGRAM && bytes_left != 0) begin
                  phase <= P_DATA_IN;
                  ale <= 1'b0;
                  if (wr_valid) begin
                    dq_o <= wr_data;
                    state <= S_WR_LOW;
                    count <= 8'(WP - 1);
                  end else begin
                    state <= S_WAIT_DATA;
                  end
                end else begin
                  phase <= P_CONFIRM;
                  ale <= 1'b0;
                  cle <= 1'b1;
                  dq_o <= op == OP_READ ? 8'h30 : op == OP_PROGRAM ? 8'h10 : 8'hD0;
                  state <= S_WR_LOW;
                  count <= 8'(WP - 1);
                end
              P_DATA_IN:
                if (bytes_left > 16'd1) begin
                  bytes_left <= bytes_left - 1'b1;
                  if (wr_valid) begin
                    dq_o <= wr_data;
                    state <= S_WR_LOW;
                    count <= 8'(WP - 1);
                  end else begin
                    state <= S_WAIT_DATA;
                  end
                end else begin
                  bytes_left <= '0;
                  phase <= P_CONFIRM;
                  cle <= 1'b1;
                  dq_o <= 8'h10;
                  state <= S_WR_LOW;
                  count <= 8'(WP - 1);
                end
              P_CONFIRM: begin
                cle <= 1'b0;
                state <= S_WAIT_RB;
                guard <= 8'(TWB_GUARD);
              end
              P_STATUS_CMD: begin
                cle <= 1'b0;
                phase <= P_STATUS_READ;
                state <= S_RD_LOW;
                count <= 8'(RP - 1);
              end
              default: state <= S_IDLE;
            endcase
          end
        S_WAIT_DATA:
          if (wr_valid) begin
            dq_o <= wr_data;
            state <= S_WR_LOW;
            count <= 8'(WP - 1);
          end
        S_WAIT_RB:
          if (guard != 0) begin
            guard <= guard - 1'b1;
          end else if (rb_n) begin
            if (op == OP_READ && bytes_left != 0) begin
              phase <= P_DATA_OUT;
              state <= S_RD_LOW;
              count <= 8'(RP - 1);
            end else if (status_check) begin
              phase <= P_STATUS_CMD;
              cle <= 1'b1;
              dq_o <= 8'h70;
              state <= S_WR_LOW;
              count <= 8'(WP - 1);
            end else begin
              state <= S_IDLE;
              done <= 1'b1;
            end
          end
        S_RD_LOW:
          if (count == 0) begin
            // RE# rises on this edge: the byte the target drives is captured.
            if (phase == P_STATUS_READ) begin
              status <= dq_i;
              fail <= dq_i[0];
            end else begin
              rd_data <= dq_i;
              rd_valid <= 1'b1;
            end
            state <= S_RD_HIGH;
            count <= 8'(RH - 1);
          end else begin
            count <= count - 1'b1;
          end
        S_RD_HIGH:
          if (count != 0) begin
            count <= count - 1'b1;
          end else if (phase == P_DATA_OUT && bytes_left > 16'd1) begin
            bytes_left <= bytes_left - 1'b1;
            state <= S_RD_LOW;
            count <= 8'(RP - 1);
          end else begin
            bytes_left <= '0;
            state <= S_IDLE;
            done <= 1'b1;
          end
        default: state <= S_IDLE;
      endcase
    end
  end
endmodule
