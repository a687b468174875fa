/// A DEC VT500-style escape sequence parser: the state machine Paul Williams described for DEC's ANSI-compatible
/// terminals, fed with Unicode scalar values (after UTF-8 decoding).
///
/// It turns the input into actions (print a character, execute a control, dispatch an escape or control sequence,
/// finish an operating system command); it keeps parameters, intermediates and OSC text for the dispatcher to read.
/// Everything it keeps is bounded. Device control strings, SOS, PM and APC strings are consumed and ignored.
struct ControlSequenceParser: Sendable {
    /// The parser's states, named after Williams' diagram.
    enum State: UInt8, Sendable {
        case ground, escape, escapeIntermediate
        case csiEntry, csiParameter, csiIntermediate, csiIgnore
        case dcsEntry, dcsParameter, dcsIntermediate, dcsPassthrough, dcsIgnore
        case oscString, sosPmApcString
    }

    /// What the caller must do after feeding a scalar.
    enum Action: Equatable, Sendable {
        /// Nothing (the scalar was collected or ignored).
        case none
        /// Show a graphic character.
        case print(UInt32)
        /// Execute a C0 control.
        case execute(UInt8)
        /// An escape sequence ended with this final byte; read ``intermediates``.
        case escapeDispatch(UInt8)
        /// A control sequence ended with this final byte; read ``parameters``, ``privateMarker``, ``intermediates``.
        case controlSequenceDispatch(UInt8)
        /// An operating system command ended; read ``oscText``.
        case operatingSystemCommandEnd
    }

    /// The longest OSC string kept, in scalars; the rest of a longer string is consumed and dropped.
    static let oscLimit = 4096

    /// The current state.
    private(set) var state: State = .ground
    /// Parameters of the control sequence being read.
    private(set) var parameters = ControlSequenceParameters()
    /// The private marker (`?`, `>`, `<`, `=`) of the control sequence, or 0.
    private(set) var privateMarker: UInt8 = 0
    /// Up to two intermediate bytes, the first in the low byte; 0 when none.
    private(set) var intermediates: UInt16 = 0
    /// Whether more intermediates came than are kept (the sequence is then ignored).
    private(set) var hasTooManyIntermediates = false
    /// The text of the operating system command being read, bounded by ``oscLimit``.
    private(set) var oscText: [Unicode.Scalar] = []

    init() {}

    /// Whether the parser is inside an OSC, DCS, SOS, PM or APC string.
    var isInString: Bool {
        switch state {
        case .oscString, .sosPmApcString, .dcsEntry, .dcsParameter, .dcsIntermediate, .dcsPassthrough, .dcsIgnore:
            return true
        default: return false
        }
    }

    /// Whether the parser is in the ground state, where printable characters print.
    @inline(__always) var isInGround: Bool { state == .ground }

    /// Feeds one scalar value and returns the action it completes.
    @inline(__always)
    mutating func advance(_ scalar: UInt32) -> Action {
        // Transitions from anywhere.
        if scalar == 0x1B {
            let endsOSC = state == .oscString
            enterEscape()
            return endsOSC ? .operatingSystemCommandEnd : .none
        }
        if scalar == 0x18 || scalar == 0x1A {
            let endsOSC = state == .oscString
            state = .ground
            return endsOSC ? .operatingSystemCommandEnd : .execute(UInt8(scalar))
        }
        if scalar >= 0x80 && scalar < 0xA0 { return .none }  // C1 code points: ignored in UTF-8 mode
        switch state {
        case .ground:
            if scalar < 0x20 { return .execute(UInt8(scalar)) }
            return scalar == 0x7F ? .none : .print(scalar)
        case .escape: return advanceEscape(scalar)
        case .escapeIntermediate:
            if scalar < 0x20 { return .execute(UInt8(scalar)) }
            if scalar < 0x30 { collect(scalar); return .none }
            if scalar < 0x7F { state = .ground; return .escapeDispatch(UInt8(scalar)) }
            return .none
        case .csiEntry, .csiParameter: return advanceControlSequence(scalar)
        case .csiIntermediate:
            if scalar < 0x20 { return .execute(UInt8(scalar)) }
            if scalar < 0x30 { collect(scalar); return .none }
            if scalar < 0x40 { state = .csiIgnore; return .none }
            if scalar < 0x7F { return dispatchControlSequence(scalar) }
            return .none
        case .csiIgnore:
            if scalar < 0x20 { return .execute(UInt8(scalar)) }
            if scalar >= 0x40 && scalar < 0x7F { state = .ground }
            return .none
        case .dcsEntry, .dcsParameter, .dcsIntermediate:
            advanceDeviceControlHeader(scalar)
            return .none
        case .dcsPassthrough, .dcsIgnore, .sosPmApcString:
            return .none
        case .oscString:
            if scalar == 0x07 { state = .ground; return .operatingSystemCommandEnd }
            if scalar >= 0x20 && oscText.count < Self.oscLimit, let value = Unicode.Scalar(scalar) {
                oscText.append(value)
            }
            return .none
        }
    }

    /// Consumes parameter bytes (digits, `;`, `:`) of a control sequence starting at `index`, while the parser is
    /// reading one; returns the index of the first byte not consumed. A fast path for the emulator's feed loop.
    @inline(__always)
    mutating func consumeParameterBytes(_ bytes: UnsafeRawBufferPointer, from index: Int) -> Int {
        guard state == .csiEntry || state == .csiParameter else { return index }
        var index = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte >= 0x30 && byte <= 0x39 {
                parameters.addDigit(Int(byte &- 0x30))
            } else if byte == 0x3B || byte == 0x3A {
                parameters.separate(isColon: byte == 0x3A)
            } else {
                break
            }
            state = .csiParameter
            index += 1
        }
        return index
    }

    /// Starts a control sequence directly (the emulator saw `ESC [` in the ground state).
    @inline(__always)
    mutating func beginControlSequence() {
        clearSequence()
        state = .csiEntry
    }

    private mutating func enterEscape() {
        state = .escape
        intermediates = 0
        hasTooManyIntermediates = false
    }

    private mutating func clearSequence() {
        parameters.reset()
        privateMarker = 0
        intermediates = 0
        hasTooManyIntermediates = false
    }

    private mutating func collect(_ scalar: UInt32) {
        if intermediates == 0 {
            intermediates = UInt16(scalar)
        } else if intermediates < 0x100 {
            intermediates |= UInt16(scalar) << 8
        } else {
            hasTooManyIntermediates = true
        }
    }

    private mutating func advanceEscape(_ scalar: UInt32) -> Action {
        switch scalar {
        case 0x00...0x1F: return .execute(UInt8(scalar))
        case 0x20...0x2F:
            collect(scalar)
            state = .escapeIntermediate
        case 0x5B:
            clearSequence()
            state = .csiEntry
        case 0x5D:
            oscText.removeAll(keepingCapacity: oscText.count <= 256)
            state = .oscString
        case 0x50:
            clearSequence()
            state = .dcsEntry
        case 0x58, 0x5E, 0x5F:
            state = .sosPmApcString
        case 0x30...0x7E:
            state = .ground
            return .escapeDispatch(UInt8(scalar))
        default: break
        }
        return .none
    }

    @inline(__always)
    private mutating func advanceControlSequence(_ scalar: UInt32) -> Action {
        switch scalar {
        case 0x00...0x1F: return .execute(UInt8(scalar))
        case 0x30...0x39:
            parameters.addDigit(Int(scalar - 0x30))
            state = .csiParameter
        case 0x3A, 0x3B:
            parameters.separate(isColon: scalar == 0x3A)
            state = .csiParameter
        case 0x3C...0x3F:
            if state == .csiEntry {
                privateMarker = UInt8(scalar)
                state = .csiParameter
            } else {
                state = .csiIgnore
            }
        case 0x20...0x2F:
            collect(scalar)
            state = .csiIntermediate
        case 0x40...0x7E:
            return dispatchControlSequence(scalar)
        default: break
        }
        return .none
    }

    private mutating func dispatchControlSequence(_ scalar: UInt32) -> Action {
        state = .ground
        parameters.finish()
        return hasTooManyIntermediates ? .none : .controlSequenceDispatch(UInt8(scalar))
    }

    private mutating func advanceDeviceControlHeader(_ scalar: UInt32) {
        switch scalar {
        case 0x00...0x1F, 0x7F: break
        case 0x30...0x39, 0x3B: if state != .dcsIntermediate { state = .dcsParameter } else { state = .dcsIgnore }
        case 0x3A: state = .dcsIgnore
        case 0x3C...0x3F: state = state == .dcsEntry ? .dcsParameter : .dcsIgnore
        case 0x20...0x2F: state = .dcsIntermediate
        default: state = .dcsPassthrough
        }
    }
}
