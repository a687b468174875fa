# Areas and names of simple shapes.
module Shapes
  def self.area(kind, size)
    case kind
    when :square then size * size
    when :circle then 3.14159 * size * size
    else
      raise ArgumentError, "unknown shape #{kind}"
    end
  end

  def self.describe(size)
    size > 10 ? "large" : "small"
  end

  def self.unused
    "never called"
  end
end
