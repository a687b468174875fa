require "simplecov"
SimpleCov.command_name "More Tests"
SimpleCov.start do
  enable_coverage :branch
  add_filter "/test/"
end
require_relative "../lib/shapes"
raise "circle" unless Shapes.area(:circle, 1) > 3
raise "describe" unless Shapes.describe(20) == "large"
puts "ok"
