import Foundation
import Messagevisor
