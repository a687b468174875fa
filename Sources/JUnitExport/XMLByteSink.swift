/// Where an ``XMLStreamWriter`` sends the bytes libxml2 produces, in order, in chunks of a few kilobytes.
protocol XMLByteSink: AnyObject {
    /// Takes the next bytes of the output.
    func write(_ bytes: UnsafeRawBufferPointer) throws
}
